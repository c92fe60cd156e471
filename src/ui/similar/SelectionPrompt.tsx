// What the Find similar tab says before it has results: how to start, that the selection is being
// read, or why it cannot be used, each with something to do about it.

import type { ReadonlySignal } from "@preact/signals";
import type { SelectionInfo } from "../../messages/types";
import { Button, EmptyState } from "../controls";
import { problemWith, type SelectionProblem } from "./selection-export";
import type { SimilarStore } from "./similar-store";

const WORDS: Readonly<Record<SelectionProblem | "start", { title: string; body: string; action: string }>> = {
  start: {
    title: "Find assets that look like a layer",
    body: "Select a frame, group, component or image on the canvas. Its picture is compared with the catalogue.",
    action: "Find similar",
  },
  nothing_selected: {
    title: "Nothing is selected",
    body: "Select a frame, group, component or image on the canvas, then try again.",
    action: "Try again",
  },
  blank: {
    title: "This layer shows nothing to compare",
    body:
      "Its picture is empty: fully transparent or one flat colour, like an empty frame or group. " +
      "Select a layer with something visible in it, then try again.",
    action: "Try again",
  },
  not_exportable: {
    title: "This selection cannot be exported as an image",
    body: "Figma cannot make a picture of it. Select a frame, group, component or image instead, then try again.",
    action: "Try again",
  },
};

export function SelectionPrompt({
  similar,
  selection,
  searchByWords,
}: {
  similar: SimilarStore;
  /** The canvas selection: the search is offered only once there is a layer it can picture. */
  selection: ReadonlySignal<SelectionInfo | null>;
  /** Leaves for the Search tab. */
  searchByWords(): void;
}) {
  if (similar.exporting.value && !similar.source.value)
    return <EmptyState title="Reading the selection…" loading />;
  const live = problemWith(selection.value);
  // A problem met earlier gives way to the selection as it is now once nothing is selected.
  const problem = similar.problem.value && live === "nothing_selected" ? live : similar.problem.value;
  if (similar.source.value && !problem) return null;
  const words = WORDS[problem ?? "start"];
  // Nothing (exportable) selected: the button could only fail; the body says what to select.
  const ready = live === null;
  return (
    <div
      class={`prompt empty-state${problem ? " empty-state--problem" : ""}`}
      role={problem ? "alert" : undefined}
      data-problem={problem ?? "start"}
    >
      <strong class="empty-state__title">{words.title}</strong>
      <p class="empty-state__body">{words.body}</p>
      <div class="empty-state__actions">
        <Button disabled={!ready} onClick={() => void similar.findForSelection()}>
          {words.action}
        </Button>
        <Button variant="secondary" onClick={searchByWords}>
          Search by words
        </Button>
      </div>
    </div>
  );
}
