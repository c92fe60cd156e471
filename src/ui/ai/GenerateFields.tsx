// The generative operations' part of the form: model (when one is offered), prompt, and an image as the operation's
// image_input allows (none, optional or required): from a selected Assetport layer, or a URL.

import type { SelectionInfo } from "../../messages/types";
import { SegmentedButtons, SelectField } from "../controls";
import type { ImageFrom } from "./ai-request";
import type { AiStore } from "./ai-store";
import { selectionImage } from "./image-source";

/** Short enough for three segments side by side in a 280 px window. */
const IMAGE_FROM_LABELS: Readonly<Record<ImageFrom, string>> = {
  none: "None",
  selection: "Selected layer",
  url: "Web address",
};

export function GenerateFields({ store, selection }: { store: AiStore; selection: SelectionInfo | null }) {
  const models = store.models.value;
  const sources = store.imageSources.value;
  const from = store.imageFrom.value;
  const fromSelection = from === "selection" ? selectionImage(selection) : undefined;
  return (
    <>
      {/* No model offered: no empty dropdown; the form's note says why nothing can be made here. */}
      {models.length > 0 ? (
        <SelectField
          label="Model"
          name="ai-model"
          value={store.model.value?.model ?? ""}
          options={models.map(
            (m) => [m.model, typeof m.name === "string" && m.name ? m.name : m.model] as const,
          )}
          onChange={(value) => store.pickModel(value)}
        />
      ) : null}
      <label class="field">
        <span class="field__label">Prompt</span>
        <textarea
          class="input input--area"
          name="ai-prompt"
          rows={3}
          value={store.prompt.value}
          placeholder="What to make"
          onInput={(e) => {
            store.prompt.value = e.currentTarget.value;
          }}
        />
      </label>
      {/* Two or three choices: Figma's segmented control, not a dropdown that hides them. */}
      {sources.length > 1 ? (
        <div class="field">
          <span class="field__label" id="ai-image-from-label">
            {store.imageInput.value === "required" ? "Image" : "Image (optional)"}
          </span>
          <SegmentedButtons
            labelledBy="ai-image-from-label"
            name="ai-image-from"
            value={from}
            options={sources.map((s) => [s, IMAGE_FROM_LABELS[s]] as const)}
            onChange={(value) => store.pickImageFrom(value)}
          />
        </div>
      ) : null}
      {from === "url" ? (
        <label class="field">
          <span class="field__label">Image URL</span>
          <input
            class="input"
            type="url"
            name="ai-image-url"
            value={store.imageUrl.value}
            placeholder="https://…"
            onInput={(e) => {
              store.imageUrl.value = e.currentTarget.value;
            }}
          />
        </label>
      ) : null}
      {fromSelection ? (
        <p class="muted" data-testid="ai-image-source">
          {fromSelection.kind === "asset" ? `Uses “${fromSelection.nodeName}”.` : fromSelection.message}
        </p>
      ) : null}
    </>
  );
}
