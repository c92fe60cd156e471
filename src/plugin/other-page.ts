// Work on a layer that sits on another page than the one the designer is looking at (a resumed run
// whose window was closed while they moved on, or layers named by id). Figma loads pages on demand
// and keeps one selection per page, so the layer's page is loaded before anything is made there, the
// designer's page is left as it is (no page switch, no selection change), and a notice says where the
// result went, with a button that goes there.
import { fail } from "./errors";
import { notify, shortName } from "./notice";
import { finish } from "./placement";

/** How long the notice with its button stays up: Figma's 3 s default is too short to act on. */
const NOTICE_MS = 10_000;

export function pageOf(node: BaseNode): PageNode | null {
  let p: BaseNode | null = node;
  while (p && p.type !== "PAGE") p = p.parent;
  return p;
}

/** The layer's page, loaded so it can take a child (a no-op for the current or a loaded page). */
export async function loadedPageOf(node: SceneNode): Promise<PageNode> {
  const page = pageOf(node) ?? figma.currentPage;
  if (page !== figma.currentPage) await page.loadAsync();
  return page;
}

/** The one page all `nodes` are on, loaded; layers on several pages are refused before anything changes. */
export async function loadedPageOfAll(nodes: SceneNode[]): Promise<PageNode> {
  const page = await loadedPageOf(nodes[0]!);
  if (nodes.some((n) => (pageOf(n) ?? figma.currentPage) !== page)) {
    fail("invalid_message", "The layers to replace are on different pages: replace them one page at a time.");
  }
  return page;
}

/**
 * The last step of placing on `page`: on the current page, select and show the result as usual;
 * elsewhere, one undo step and a notice (selecting across pages is refused by Figma, and moving the
 * designer's view to another page's coordinates would show them nothing).
 */
export function finishOn(page: PageNode, nodes: SceneNode[]): void {
  if (page === figma.currentPage) {
    finish(nodes);
    return;
  }
  figma.commitUndo();
  noticeOnOtherPage(
    page,
    nodes.map((n) => n.id),
    "The result is on page",
    "where its layer is.",
  );
}

/** Says which page `ids` are on (`before` “page”, `after`), with a button that goes there. */
export function noticeOnOtherPage(page: PageNode, ids: string[], before: string, after: string): void {
  notify(`${before} “${shortName(page.name)}”, ${after}`, {
    timeout: NOTICE_MS,
    button: {
      text: "Go there",
      action: () => {
        void goTo(page, ids);
      },
    },
  });
}

/** Switches to the result's page, selects it and brings it into view; says so if it is gone. */
export async function goTo(page: PageNode, ids: string[]): Promise<void> {
  try {
    const found = await Promise.all(ids.map((id) => figma.getNodeByIdAsync(id)));
    const nodes = found.filter(
      (n): n is SceneNode => n !== null && !n.removed && "visible" in n && pageOf(n) === page,
    );
    if (page.removed || nodes.length === 0) {
      notify("That result is no longer in the file.");
      return;
    }
    await figma.setCurrentPageAsync(page);
    page.selection = nodes;
    figma.viewport.scrollAndZoomIntoView(nodes);
  } catch {
    notify("Could not go to that result.", { error: true });
  }
}
