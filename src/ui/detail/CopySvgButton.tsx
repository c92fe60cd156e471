// "Copy SVG" in the details, for SVG assets: designers paste the code into their own code and other
// tools. The button says what the copy costs when the file is not downloaded yet, as the price line
// says Insert's (one download serves both); "Copied" shows quietly for a moment, and a copy the
// browser refused after a slow download asks for a second click (free by then).

import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import type { InsertChoice } from "../insert/insert-plan";
import type { PreviewLook } from "../preview/stroke-rewrite";
import type { CopyStatus, CopySvgStore } from "./copy-svg-store";

const SAID: Record<CopyStatus, string> = {
  fetching: "",
  copied: "SVG code copied",
  again: "Ready: click Copy SVG again to copy it",
  unreadable: "This file could not be read as SVG: nothing was copied",
};

export function CopySvgButton(props: {
  copy: CopySvgStore;
  asset: Asset;
  type: AssetType;
  choice: InsertChoice;
  look: PreviewLook | null;
  /** What getting the file costs ("1 credit"), when the service meters it and it is not kept. */
  cost: string | undefined;
  disabled: boolean;
}) {
  const said = props.copy.status.value;
  const status = said?.uuid === props.asset.uuid ? said.status : null;
  const charged = props.cost && /^\d/.test(props.cost) ? props.cost : "";
  const lines = props.look ? "its lines as shown here" : "as its set draws it";
  const title = [
    `Copies the SVG code of this variant, ${lines}; colours stay the file's own`,
    charged ? `Downloads it first: ${charged}, as Insert would, and Insert is then free` : "",
  ]
    .filter(Boolean)
    .join(". ");
  return (
    <button
      type="button"
      class="button button--secondary detail__copy"
      title={title}
      aria-busy={status === "fetching"}
      disabled={props.disabled || status === "fetching"}
      onClick={() => void props.copy.copy(props.asset, props.type, props.choice, props.look)}
    >
      {status === "copied" ? "Copied" : "Copy SVG"}
      {charged && status !== "copied" ? <span class="detail__copy-cost"> · {charged}</span> : null}
    </button>
  );
}

/** What the last copy of this asset did, said quietly under the buttons (and read out). */
export function CopyStatusLine({ copy, uuid }: { copy: CopySvgStore; uuid: string }) {
  const said = copy.status.value;
  const status = said?.uuid === uuid ? said.status : null;
  return (
    <p
      class={status === "copied" ? "detail__copied visually-hidden" : "detail__copied"}
      role="status"
      data-testid="copy-status"
    >
      {status ? SAID[status] : ""}
    </p>
  );
}
