// A read a tab needs (a catalogue) that failed: the reason's title, what is not known because of it,
// and Try again.

import { copyFor } from "./reasons";
import type { UiError } from "./ui-error";

export function ReadProblem(props: { error: UiError | null; what: string; onRetry(): void }) {
  if (!props.error) return null;
  return (
    <p class="field__error" role="alert">
      {copyFor(props.error.reason).title}. {props.what}{" "}
      <button type="button" class="link" onClick={props.onRetry}>
        Try again
      </button>
    </p>
  );
}
