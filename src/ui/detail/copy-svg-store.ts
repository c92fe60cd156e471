// "Copy SVG" in the details: gets the SVG Insert would place (the same download, so it is charged
// once and kept: a copy after an insert, or an insert after a copy, costs nothing more), makes the
// code to copy (svg-to-copy.ts) and puts it on the clipboard. What happened is said quietly beside
// the button for a moment; a failed download is said as an insert's is.

import { signal } from "@preact/signals";
import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import type { InsertController } from "../insert/insert-controller";
import type { InsertChoice } from "../insert/insert-plan";
import type { PreviewLook } from "../preview/stroke-rewrite";
import { copyText as copyWithCommand } from "./clipboard";
import { svgToCopy } from "./svg-to-copy";

/** How long "Copied" shows before the button reads "Copy SVG" again. */
export const COPIED_SHOWN_MS = 2000;

export type CopyStatus =
  | "fetching"
  | "copied"
  /** The download took longer than the click's permission to copy: a second click copies at once. */
  | "again"
  /** The file is not SVG this window reads (malformed, a DTD): nothing was copied. */
  | "unreadable";

export interface CopySvgDeps {
  insert: Pick<InsertController, "svgText">;
  copyText?: (text: string) => boolean;
  shownMs?: number;
}

export function createCopySvg(deps: CopySvgDeps) {
  const copyText = deps.copyText ?? copyWithCommand;
  /** The asset the status is about (another one opened shows none). */
  const status = signal<{ uuid: string; status: CopyStatus } | null>(null);
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const say = (uuid: string, said: CopyStatus | null) => {
    clearTimeout(quiet);
    status.value = said ? { uuid, status: said } : null;
    if (said === "copied")
      quiet = setTimeout(() => {
        if (status.peek()?.uuid === uuid) status.value = null;
      }, deps.shownMs ?? COPIED_SHOWN_MS);
  };
  return {
    status,
    /** The SVG of `asset` as the details show it (`look`: its lines), onto the clipboard. */
    async copy(asset: Asset, type: AssetType, choice: InsertChoice, look: PreviewLook | null) {
      say(asset.uuid, "fetching");
      const svg = await deps.insert.svgText(asset, type, choice);
      if (svg === undefined) return say(asset.uuid, null);
      const code = svgToCopy(svg, look);
      if (code === null) return say(asset.uuid, "unreadable");
      say(asset.uuid, copyText(code) ? "copied" : "again");
    },
  };
}

export type CopySvgStore = ReturnType<typeof createCopySvg>;
