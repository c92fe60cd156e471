// Where Assetport's main components live: a page of its own, "Assetport components", found by a
// mark (so the designer may rename it), made on first need and loaded (dynamic-page). A Starter file
// holds three pages and createPage throws past them: the components then go in a section.
import { loadedPageOf } from "./other-page";

export const COMPONENT_PAGE_NAME = "Assetport components";
/** Plugin data on the page, so a renamed page is still found and a same-named one is not taken. */
const PAGE_MARK = "components-page";
/** Plugin data on the document: the id of the section holding the components, when there is no page. */
const SECTION_ID = "components-section";
const GAP = 16;
/** How far right of the designer's work a new section starts. */
const SECTION_OFFSET = 200;

/** Where the main components live: Assetport's page, or its section when Figma refuses a new page. */
export type ComponentHome = PageNode | SectionNode;

/**
 * Assetport's own page for main components, made on first need and loaded (dynamic-page). A Starter
 * file holds three pages and createPage throws past them: the components then go in a section on the
 * current page, remembered by id on the document so it is found from any page.
 */
export async function componentHome(): Promise<ComponentHome> {
  const page = figma.root.children.find((p) => p.getPluginData(PAGE_MARK) === "1");
  if (page) {
    await page.loadAsync();
    return page;
  }
  const section = await knownSection();
  if (section) return section;
  try {
    const made = figma.createPage();
    made.name = COMPONENT_PAGE_NAME;
    made.setPluginData(PAGE_MARK, "1");
    await made.loadAsync();
    return made;
  } catch {
    return newSection();
  }
}

async function knownSection(): Promise<SectionNode | null> {
  const id = figma.root.getPluginData(SECTION_ID);
  const node = id ? await figma.getNodeByIdAsync(id) : null;
  if (node?.type !== "SECTION" || node.removed) return null;
  await loadedPageOf(node);
  return node;
}

/** A section to the right of everything on the current page, so it covers none of the designer's work. */
function newSection(): SectionNode {
  const page = figma.currentPage;
  const right = page.children.reduce((edge, n) => Math.max(edge, n.x + n.width), 0);
  const section = figma.createSection();
  section.name = COMPONENT_PAGE_NAME;
  section.x = right + SECTION_OFFSET;
  section.y = 0;
  figma.root.setPluginData(SECTION_ID, section.id);
  return section;
}

/** Puts a new main component at the end of the row, beside the others; a section grows to hold it. */
export function addToHome(home: ComponentHome, component: ComponentNode): void {
  const inSection = home.type === "SECTION";
  const start = inSection ? GAP : 0;
  const right = home.children.reduce((edge, n) => Math.max(edge, n.x + n.width + GAP), start);
  home.appendChild(component);
  component.x = right;
  component.y = start;
  if (home.type === "SECTION") fitSection(home);
}

/** A section does not grow with its children: it is sized to hold them all, with a margin. */
function fitSection(section: SectionNode): void {
  const right = section.children.reduce((edge, n) => Math.max(edge, n.x + n.width), 0);
  const bottom = section.children.reduce((edge, n) => Math.max(edge, n.y + n.height), 0);
  section.resize(right + GAP, bottom + GAP);
}
