// While the service draws an animation's GIF for an insert (seconds, not a blink): a note at the foot
// of the window, as Figma shows its own toasts, saying what is being made, with a running bar and
// Cancel. Nothing is charged until the GIF exists, so a Cancel costs nothing.
import "../toast.css";
import "./render-progress.css";
import type { ReadonlySignal } from "@preact/signals";
import type { Rendering } from "./insert-controller";

export function RenderProgress(props: { rendering: ReadonlySignal<Rendering | null>; onCancel: () => void }) {
  const now = props.rendering.value;
  if (!now) return null;
  const what = now.still ? "a still of" : "a moving image of";
  return (
    <div class="toast" role="status" data-testid="render-progress">
      <div class="toast__line">
        <span class="toast__text render-progress__text" title={`Making ${what} ${now.name}`}>
          Making {what} <strong>{now.name}</strong>…
        </span>
        <button type="button" class="toast__action" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
      {/* No figure to show (the service answers once the GIF is made): a bar that runs says it works. */}
      <div class="render-progress__track" role="progressbar" aria-label={`Making ${now.name}`}>
        <div class="render-progress__bar" />
      </div>
    </div>
  );
}
