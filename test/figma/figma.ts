// The emulated `figma` global: one editor with pages, a viewport, images, client storage, events and
// the ui channel. `createFigma()` returns the api for the plugin and handles for the test.
import { componentFromNode } from "./components";
import { createDrops } from "./drops";
import { EventBus, type EventName, type Listener } from "./events";
import { ImageStore } from "./images";
import { Lifecycle } from "./lifecycle";
import { EmuComponent, EmuEllipse, EmuFrame, EmuGroup, EmuRectangle } from "./node-types";
import type { EmuNode, EmuScene } from "./nodes";
import { type Notification, notifyInto } from "./notifications";
import { EmuDocument, EmuPage, pageOf } from "./pages";
import { Renderer } from "./render";
import { EmuSection } from "./section";
import { ClientStorage } from "./storage";
import { createNodeFromSvg } from "./svg-import";
import { UiChannel } from "./ui-channel";
import type { EmulatedFigma } from "./used-api";
import { DesignSystem } from "./variables";
import { Viewport } from "./viewport";
import { dynamicPageError, figmaError, type World } from "./world";

export interface FigmaOptions {
  /** Defaults to true: the manifest asks for dynamic-page. */
  dynamicPage?: boolean;
  pluginId?: string;
  /** Where the plugin window's top-left sits over the canvas area, in screen px. */
  uiOrigin?: { x: number; y: number };
  command?: string;
  /** The command was chosen in quick actions: the script starts while its parameters are entered. */
  quickAction?: boolean;
  /** A Starter team's file holds at most 3 pages: createPage throws past this many. Unlimited if absent. */
  pageLimit?: number;
}

export type { Notification } from "./notifications";

export function createFigma(options: FigmaOptions = {}) {
  let counter = 1;
  const images = new ImageStore();
  const renderer = new Renderer(images);
  const events = new EventBus();
  let allPagesLoaded = false;
  const design = new DesignSystem();

  /** Nodes made since the last commitUndo: what the next undo would take away. */
  let madeInStep: EmuNode[] = [];
  const world: World = {
    nextId: () => `${Math.floor(counter / 1000) + 1}:${counter++ % 1000}`,
    nodeMade: (node) => {
      madeInStep.push(node);
    },
    pluginId: options.pluginId ?? "assetport-dev",
    dynamicPage: options.dynamicPage ?? true,
    hasImage: (hash) => images.has(hash),
    nodeRemoved(node) {
      for (const page of document.pages) if (page.forget(node) && page === current) fireSelectionChange();
    },
    selectionChanged(page) {
      if (page === current) fireSelectionChange();
    },
    appendToCurrentPage: (node) => current.appendChild(node as EmuScene),
    get allPagesLoaded() {
      return allPagesLoaded;
    },
    exportNode: (node, settings) => renderer.export(node, settings),
    design,
  };

  const document = new EmuDocument(world);
  const addPage = (name: string) => {
    const page = new EmuPage(world, name);
    page.parent = document;
    document.pages.push(page);
    return page;
  };
  let current = addPage("Page 1");
  current.loaded = true;
  const viewport = new Viewport();
  const uiOrigin = options.uiOrigin ?? { x: 40, y: 40 };
  const drops = createDrops({
    page: () => current,
    viewport,
    uiOrigin,
    emit: (event) => events.emit("drop", event),
  });
  const ui = new UiChannel((drop) => drops.fromPlugin(drop));
  const lifecycle = new Lifecycle(options.command ?? "", options.quickAction ?? false, (event) =>
    events.emit("run", event),
  );
  ui.checkShow = (call) => lifecycle.checkShow(call, true);
  const storage = new ClientStorage();
  const notifications: Notification[] = [];
  const state = {
    undoCommits: 0,
    /**
     * Per committed undo step, the layers it made that are still there (their own children left out):
     * Figma's docs say actions are grouped into one undo step until commitUndo, so a step holding two
     * results would take both away with one Undo.
     */
    undoSteps: [] as string[][],
    closed: false,
    closeMessage: undefined as string | undefined,
  };

  const fireSelectionChange = () => events.fireSelectionChange();

  function appendNew<T extends EmuScene>(node: T): T {
    current.appendChild(node);
    return node;
  }

  const figma = {
    apiVersion: "1.0.0",
    editorType: "figma" as const,
    mode: "default" as const,
    pluginId: world.pluginId,
    command: lifecycle.command,
    mixed: Symbol("mixed"),
    root: document,
    viewport,
    clientStorage: storage,
    /** The quick action's parameter entry: handlers suggest values as the designer types. */
    parameters: lifecycle.api,
    ui: ui.api,
    showUI(html: string, opts?: ShowUIOptions) {
      lifecycle.checkShow("showUI", opts?.visible ?? true);
      ui.show(html, opts);
    },
    get currentPage(): EmuPage {
      return current;
    },
    set currentPage(page: EmuPage) {
      if (world.dynamicPage) {
        throw figmaError(
          "set_currentPage",
          "Cannot call with documentAccess: dynamic-page. Use figma.setCurrentPageAsync instead.",
        );
      }
      current = page;
      events.emit("currentpagechange");
    },
    async setCurrentPageAsync(page: EmuPage) {
      await page.loadAsync();
      current = page;
      events.emit("currentpagechange");
    },
    async loadAllPagesAsync() {
      for (const page of document.pages) await page.loadAsync();
      allPagesLoaded = true;
    },
    getNodeById(_id: string): never {
      throw dynamicPageError("getNodeById", "figma.getNodeByIdAsync");
    },
    async getNodeByIdAsync(id: string): Promise<EmuNode | null> {
      if (document.id === id) return document;
      for (const page of document.pages) {
        if (page.id === id) return page;
        // Found even on a page that is not loaded; the page itself stays unloaded (a guess: Figma
        // does not document whether it counts as loaded afterwards, and assuming not is stricter).
        const found = page.searchAll((n) => n.id === id)[0];
        if (found) return found;
      }
      return null;
    },
    getStyleById(_id: string): never {
      throw dynamicPageError("getStyleById", "figma.getStyleByIdAsync");
    },
    async getStyleByIdAsync(id: string) {
      return design.style(id);
    },
    getLocalPaintStyles(): never {
      throw dynamicPageError("getLocalPaintStyles", "figma.getLocalPaintStylesAsync");
    },
    async getLocalPaintStylesAsync() {
      return design.paintStyles();
    },
    variables: design.api(),
    createNodeFromSvg: (svg: string) => appendNew(createNodeFromSvg(world, svg)),
    createImage: (data: Uint8Array) => images.create(data),
    createImageAsync: (src: string) => images.createAsync(src),
    getImageByHash: (hash: string) => (images.has(hash) ? images.handle(hash) : null),
    createRectangle: () => appendNew(new EmuRectangle(world)),
    createEllipse: () => appendNew(new EmuEllipse(world)),
    createFrame: () => {
      const frame = appendNew(new EmuFrame(world));
      frame.fills = [{ type: "SOLID", color: { r: 1, g: 1, b: 1 } }];
      return frame;
    },
    createComponent: () => appendNew(new EmuComponent(world)),
    createComponentFromNode: (node: EmuScene) => componentFromNode(world, node, current),
    createSection: () => appendNew(new EmuSection(world)),
    createPage: () => {
      if (options.pageLimit !== undefined && document.pages.length >= options.pageLimit) {
        // Figma's documented text for a Starter file (createPage's reference page).
        throw figmaError(
          "createPage",
          "The Starter plan only comes with 3 pages. Upgrade to Professional for unlimited pages.",
        );
      }
      // A page made in this session is there to work on (a guess: the typings do not say).
      const page = addPage(`Page ${document.pages.length + 1}`);
      page.loaded = true;
      return page;
    },
    group(nodes: readonly EmuScene[], parent: EmuNode, index?: number): EmuGroup {
      if (!Array.isArray(nodes) || nodes.length === 0) {
        throw figmaError("group", "First argument must be an array of at least one node");
      }
      const group = new EmuGroup(world);
      parent.addChild(index ?? parent.kids().length, group, "group");
      for (const node of nodes) group.appendChild(node);
      return group;
    },
    notify: notifyInto(notifications),
    commitUndo() {
      state.undoCommits += 1;
      const made = new Set(madeInStep);
      const layers = madeInStep.filter((n) => !n.removed && n.parent !== null && !made.has(n.parent));
      if (layers.length > 0) state.undoSteps.push(layers.map((n) => n.id));
      madeInStep = [];
    },
    closePlugin(message?: string) {
      state.closed = true;
      state.closeMessage = message;
      ui.api.close();
      events.emit("close");
    },
    on: (name: EventName, listener: Listener) => events.on(name, listener),
    once: (name: EventName, listener: Listener) => events.once(name, listener),
    off: (name: EventName, listener: Listener) => events.off(name, listener),
    // Figma's types for every member the plugin uses; the rest are the emulator's own (createFrame...).
  } satisfies EmulatedFigma & Record<string, unknown>;

  return {
    figma,
    /** The iframe's `window` as the ui code would use it. */
    uiWindow: ui.window,
    ui,
    images,
    storage,
    notifications,
    /** The file's colour variables and paint styles (add them before the plugin reads them). */
    design,
    /** Drops: `native()` releases a drag over the canvas; `defaults` is what Figma made itself. */
    drops,
    state,
    viewport,
    document,
    /** Where this launch is: starting, entering parameters, or running (see lifecycle.ts). */
    get phase() {
      return lifecycle.phase;
    },
    /** Figma fires "run": at once after a menu launch, after the last parameter of a quick action. */
    run: (parameters?: ParameterValues) => lifecycle.run(parameters),
    pageOf,
    /**
     * The file as a reopened plugin finds it: `page`'s content is not loaded until the plugin asks
     * (dynamic-page). The current page is always loaded.
     */
    unloadPage(page: EmuPage) {
      if (page === current) throw new Error("the current page is always loaded");
      page.loaded = false;
      allPagesLoaded = false;
    },
    /** Types into the quick action's parameter field; resolves with the suggestions offered. */
    typeParameter: (key: string, query: string) => lifecycle.typeParameter(key, query),
  };
}

export type FigmaEmulator = ReturnType<typeof createFigma>;
