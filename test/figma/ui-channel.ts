// figma.ui and the iframe's window, joined in one process. Each side receives a structured clone on
// a later task, as postMessage delivers it; the ui posts `{pluginMessage}` or `{pluginDrop}` to its
// parent, the plugin receives the bare message (Figma unwraps it).
import type { PluginDrop } from "./drops";
import { figmaError } from "./world";

/**
 * A structured clone, as postMessage makes. A browser's clone of a File keeps its name; Node's
 * structuredClone does not, so the files a pluginDrop carries are copied as Files.
 */
function cloneMessage(data: unknown): unknown {
  const drop = (data as { pluginDrop?: { files?: unknown } } | null)?.pluginDrop;
  if (!drop || typeof drop !== "object" || !Array.isArray(drop.files)) return structuredClone(data);
  const { files, ...rest } = drop;
  const copy = structuredClone({ ...(data as object), pluginDrop: rest });
  const copied = files.map((f: unknown) =>
    f instanceof File ? new File([f], f.name, { type: f.type }) : structuredClone(f),
  );
  return { ...copy, pluginDrop: { ...copy.pluginDrop, files: copied } };
}

type MessageHandler = (message: unknown, props: { origin: string }) => void;
type WindowListener = (event: { data: unknown }) => void;

export class UiChannel {
  visible = false;
  open = false;
  width = 300;
  height = 200;
  title = "";
  html = "";
  themeColors = false;
  private handler: MessageHandler | undefined;
  private readonly handlers = new Set<MessageHandler>();
  private readonly windowListeners = new Set<WindowListener>();
  /** Set by the editor: whether showing the window is allowed now (not during parameter entry). */
  checkShow: (call: string) => void = () => {};
  /** Every message the plugin sent, for tests that inspect the wire. */
  readonly sent: unknown[] = [];
  /**
   * pluginDrops held back while set, for `releaseDrops()`. Figma works out the node under the point
   * before its drop event fires, and nothing documents that this happens before the plugin messages
   * posted after the drop: a test can deliver them in the other order.
   */
  holdDrops = false;
  private readonly heldDrops: PluginDrop[] = [];

  constructor(private readonly onDrop: (drop: PluginDrop) => void) {
    // figma.ui.onmessage is a property with one handler slot, beside the on("message") listeners.
    Object.defineProperty(this.api, "onmessage", {
      get: () => this.handler,
      set: (handler: MessageHandler | undefined) => {
        this.handler = handler;
      },
      enumerable: true,
    });
  }

  show(html: string, options: ShowUIOptions | undefined): void {
    this.html = html;
    this.open = true;
    this.visible = options?.visible ?? true;
    this.width = options?.width ?? 300;
    this.height = options?.height ?? 200;
    this.title = options?.title ?? "";
    this.themeColors = options?.themeColors ?? false;
  }

  /** What the plugin sees as `figma.ui`. */
  readonly api = {
    postMessage: (message: unknown) => {
      if (!this.open) throw figmaError("postMessage", "No UI to post to: call figma.showUI first");
      const copy = structuredClone(message);
      this.sent.push(copy);
      setTimeout(() => {
        for (const listener of [...this.windowListeners]) listener({ data: { pluginMessage: copy } });
      }, 0);
    },
    on: (type: "message", cb: MessageHandler) => {
      if (type === "message") this.handlers.add(cb);
    },
    once: (type: "message", cb: MessageHandler) => {
      const wrapped: MessageHandler = (m, p) => {
        this.handlers.delete(wrapped);
        cb(m, p);
      };
      if (type === "message") this.handlers.add(wrapped);
    },
    off: (type: "message", cb: MessageHandler) => {
      if (type === "message") this.handlers.delete(cb);
    },
    resize: (width: number, height: number) => {
      if (!(width > 0) || !(height > 0)) throw figmaError("resize", "Width and height must be positive");
      this.width = Math.round(width);
      this.height = Math.round(height);
    },
    show: () => {
      this.checkShow("ui.show");
      this.visible = true;
    },
    hide: () => {
      this.visible = false;
    },
    close: () => {
      this.open = false;
      this.visible = false;
    },
  };

  /** Delivers the held pluginDrops now, in order, and stops holding them. */
  releaseDrops(): void {
    this.holdDrops = false;
    for (const drop of this.heldDrops.splice(0)) if (this.open) this.onDrop(drop);
  }

  /** What the ui code sees as `window` (enough for the ui port and drag-and-drop). */
  readonly window = {
    parent: {
      postMessage: (data: unknown, _targetOrigin: string) => {
        const copy = cloneMessage(data) as { pluginMessage?: unknown; pluginDrop?: PluginDrop } | null;
        setTimeout(() => {
          if (!this.open || !copy || typeof copy !== "object") return;
          if ("pluginMessage" in copy) {
            const all = [this.handler, ...this.handlers].filter((h): h is MessageHandler => !!h);
            for (const h of all) h(copy.pluginMessage, { origin: "null" });
          } else if (copy.pluginDrop) {
            if (this.holdDrops) this.heldDrops.push(copy.pluginDrop);
            else this.onDrop(copy.pluginDrop);
          }
        }, 0);
      },
    },
    addEventListener: (type: "message", listener: WindowListener) => {
      if (type === "message") this.windowListeners.add(listener);
    },
    removeEventListener: (type: "message", listener: WindowListener) => {
      if (type === "message") this.windowListeners.delete(listener);
    },
  };
}
