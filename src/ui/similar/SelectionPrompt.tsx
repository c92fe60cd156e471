// What the Find similar tab says before it has results: how to start, that the selection is being
// read, or why it cannot be used, each with something to do about it.

import type { AppState } from "../app-state";
import type { SelectionProblem } from "./selection-export";

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

export function SelectionPrompt({ app }: { app: AppState }) {
  const { similar } = app;
  if (similar.exporting.value && !similar.source.value) return <p class="status">Reading the selection…</p>;
  const problem = similar.problem.value;
  if (similar.source.value && !problem) return null;
  const words = WORDS[problem ?? "start"];
  return (
    <div class="prompt" role={problem ? "alert" : undefined} data-problem={problem ?? "start"}>
      <strong class="prompt__title">{words.title}</strong>
      <p class="prompt__body">{words.body}</p>
      <div class="prompt__actions">
        <button type="button" class="button" onClick={() => void similar.findForSelection()}>
          {words.action}
        </button>
        <button
          type="button"
          class="button button--secondary"
          onClick={() => {
            app.view.value = "search";
          }}
        >
          Search by words
        </button>
      </div>
    </div>
  );
}
