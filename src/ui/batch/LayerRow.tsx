// A layer's row in a batch, drawn alike in the batch panel and a command's small window: its
// picture, then its name over a word on it (what it costs, where it got, why it is skipped), so the
// name has the row's width and is never cut; the row's own actions follow. batch.css styles it.
import type { ComponentChildren } from "preact";
import { LayerThumb } from "../layer-thumbs/LayerThumb";
import type { LayerThumbs } from "../layer-thumbs/layer-thumbs";
import "./batch.css";

export function LayerRow(props: {
  thumbs: LayerThumbs;
  nodeId: string;
  name: string;
  /** Where the layer got ("batch__layer--done"): the status word's colour follows it. */
  status?: string;
  /** The word under the name; none, no line. */
  note?: ComponentChildren;
  noteTestId?: string;
  /** The row's own actions (Revert, Try again) and, under them, why it failed. */
  children?: ComponentChildren;
}) {
  return (
    <li
      class={props.status ? `batch__layer batch__layer--${props.status}` : "batch__layer"}
      data-layer={props.name}
    >
      <LayerThumb thumbs={props.thumbs} nodeId={props.nodeId} />
      <span class="batch__words">
        <span class="batch__name">{props.name}</span>
        {props.note === undefined ? null : (
          <span class="batch__status" data-testid={props.noteTestId}>
            {props.note}
          </span>
        )}
      </span>
      {props.children}
    </li>
  );
}
