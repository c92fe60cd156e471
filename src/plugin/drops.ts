// Drops from the ui. The iframe posts `pluginDrop` at dragend, before anything is downloaded, so Figma
// reports the canvas point while the pointer is still there; the asset follows as `drop-content` once
// its download finishes. The point and the node under it are recorded at the drop, so the asset lands
// there even if the designer pans or zooms meanwhile; a slow download shows a notice instead of a
// drop that seems to have done nothing. Either message may arrive first, and a drop may also arrive
// after the ui has given up on it (its download failed fast, before Figma delivered the drop): such
// a drop is remembered as closed and ignored, so no notice is left up.
import { DROP_DOWNLOAD_MS } from "../messages/drag";
import type {
  AssetRef,
  DropContentRequest,
  DropMetadata,
  InsertResponse,
  PlacedWhere,
} from "../messages/types";
import { createPlacedNode } from "./components";
import { fail, orRemove } from "./errors";
import { notify, shortName } from "./notice";
import { noticeOnOtherPage } from "./other-page";
import { placeAtPoint } from "./placement";

/** A download that takes longer than this gets a "Placing…" notice (a quick one shows nothing). */
export const SLOW_DROP_MS = 400;
/** Content whose drop never reaches the canvas (released over Figma's panels) is refused after this. */
export const DROP_WAIT_MS = 15_000;
/**
 * A drop whose content has not come by then is given up (a download that hangs: the ui stops its own
 * wait at DROP_DOWNLOAD_MS, before this). Closing the window ends the plugin, which clears every drop.
 */
export const LANDING_KEEP_MS = DROP_DOWNLOAD_MS + 30_000;
/** Drops waiting for their content at once (the oldest is forgotten past this), and contents waiting for their drop. */
const MAX_PENDING = 20;
/** Closed drops remembered, so a late message about one is ignored or answered in words. */
const MAX_CLOSED = 100;

/** Why a drop will get no content: its download failed, its drop never came, or it waited too long. */
type Closed = "cancelled" | "missed" | "expired";

interface Landing {
  asset: AssetRef;
  point: { x: number; y: number };
  /** The node Figma named under the pointer; null for the page. */
  targetId: string | null;
  page: PageNode;
  notice: NotificationHandler | null;
  timers: ReturnType<typeof setTimeout>[];
}

interface Waiting {
  arrived(landing: Landing): void;
  timer: ReturnType<typeof setTimeout>;
}

export function createDropLanding() {
  const landings = new Map<string, Landing>();
  const waiting = new Map<string, Waiting>();
  const closed = new Map<string, Closed>();

  function close(dropId: string, why: Closed): void {
    closed.delete(dropId);
    closed.set(dropId, why);
    if (closed.size > MAX_CLOSED) closed.delete(closed.keys().next().value as string);
  }

  function forget(dropId: string): Landing | undefined {
    const landing = landings.get(dropId);
    landings.delete(dropId);
    if (landing) {
      for (const timer of landing.timers) clearTimeout(timer);
      landing.notice?.cancel();
    }
    return landing;
  }

  /** Where a drop landed, waiting for its content. */
  function landed(meta: DropMetadata, event: DropEvent): void {
    // The ui gave up on this drop before Figma delivered it: nothing will come to place.
    if (closed.has(meta.dropId)) return;
    forget(meta.dropId);
    if (landings.size >= MAX_PENDING) forget(landings.keys().next().value as string);
    const landing: Landing = {
      asset: meta.asset,
      point: { x: event.absoluteX, y: event.absoluteY },
      targetId: event.node.type === "PAGE" ? null : event.node.id,
      page: figma.currentPage,
      notice: null,
      timers: [
        setTimeout(() => {
          const name = meta.asset.name ? shortName(meta.asset.name) : "the asset";
          landing.notice = notify(`Placing ${name}…`, { timeout: Infinity });
        }, SLOW_DROP_MS),
        setTimeout(() => {
          forget(meta.dropId);
          close(meta.dropId, "expired");
        }, LANDING_KEEP_MS),
      ],
    };
    landings.set(meta.dropId, landing);
    const content = waiting.get(meta.dropId);
    if (content) content.arrived(landing);
  }

  function landingOf(dropId: string): Promise<Landing> {
    const landing = landings.get(dropId);
    if (landing) return Promise.resolve(landing);
    const why = closed.get(dropId);
    if (why === "expired") fail("drop_expired", "The download took too long; the drop was given up.");
    if (why) fail("invalid_message", "This drop was already given up.");
    if (waiting.has(dropId)) fail("invalid_message", "This drop's content was already sent.");
    if (waiting.size >= MAX_PENDING) fail("invalid_message", "Too many drops are waiting to land.");
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(dropId);
        close(dropId, "missed");
        reject(Object.assign(new Error("The drop did not reach the canvas."), { reason: "drop_missed" }));
      }, DROP_WAIT_MS);
      waiting.set(dropId, {
        timer,
        arrived(found) {
          clearTimeout(timer);
          waiting.delete(dropId);
          resolve(found);
        },
      });
    });
  }

  /** The node under the pointer at the drop, if it is still there on the drop's page. */
  async function targetOf(landing: Landing): Promise<BaseNode | null> {
    if (!landing.targetId) return null;
    const node = await figma.getNodeByIdAsync(landing.targetId);
    let page: BaseNode | null = node;
    while (page && page.type !== "PAGE") page = page.parent;
    return node && page === landing.page ? node : null;
  }

  /** Makes the dropped asset and puts it where the drop landed, as one undo step. */
  async function place(request: DropContentRequest): Promise<InsertResponse> {
    const landing = await landingOf(request.dropId);
    try {
      const target = await targetOf(landing);
      const node = await createPlacedNode(request.asset, request.content, request.options);
      const placedWhere: PlacedWhere = await orRemove(node, () =>
        placeAtPoint(node, landing.point, target, landing.page),
      );
      // Selected when the designer is still on that page; never scrolled to: they chose the spot.
      // They may have gone to another page during the download: the asset stays where they dropped
      // it, and a notice says where that is.
      if (figma.currentPage === landing.page) figma.currentPage.selection = [node];
      figma.commitUndo();
      if (figma.currentPage !== landing.page) {
        noticeOnOtherPage(
          landing.page,
          [node.id],
          `${request.asset.name ? shortName(request.asset.name) : "The asset"} is on page`,
          "where you dropped it.",
        );
      }
      return { nodeIds: [node.id], placedWhere };
    } finally {
      forget(request.dropId);
    }
  }

  return {
    landed,
    place,
    /** The download failed: nothing will come for this drop. */
    cancel(dropId: string): void {
      forget(dropId);
      close(dropId, "cancelled");
    },
    stop(): void {
      for (const id of [...landings.keys()]) forget(id);
      for (const content of waiting.values()) clearTimeout(content.timer);
      waiting.clear();
      closed.clear();
    },
  };
}

export type DropLanding = ReturnType<typeof createDropLanding>;
