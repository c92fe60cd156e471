// The insert options on the main screen, under the search: one row of size, colour, stroke width and
// "as component" for icons, size and sharpness (or moving or still) for pictures. What the selection
// offers (replace it, the fields reaching its icons, a set swap) is the bar at the window's foot
// (SelectionBar.tsx).
import "./insert-bar.css";
import type { AssetType } from "../../api/contract/tables";
import type { SettingsStore } from "../settings/settings-store";
import { ComponentGlyph } from "./bar-icons";
import { ColourPicker } from "./ColourPicker";
import type { InsertOptionsStore } from "./insert-options-store";
import { hasPictureOptions, PictureOptions } from "./PictureOptions";
import { SizeField } from "./SizeField";
import { StrokeField } from "./StrokeField";
import { strokeApplies } from "./selection-targets";

export function InsertBar(props: {
  options: InsertOptionsStore;
  settings: Pick<SettingsStore, "settings" | "update">;
  type: AssetType;
  /** The styles the search is narrowed to: the stroke width shows unless they are all filled ones. */
  styles?: readonly string[];
}) {
  const { options } = props;
  const s = props.settings.settings.value;
  return (
    <div class="insert-bar" data-testid="insert-bar">
      {props.type === "icon" ? (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset cannot lay its legend out in one 32 px row
        <div class="insert-bar__row" role="group" aria-label="Icon options">
          <SizeField
            size={s.iconSize}
            selected={options.selectedSize.value}
            onChange={(size) => void options.setSize(size)}
          />
          <ColourPicker options={options} iconColor={s.iconColor} />
          {strokeApplies(props.styles ?? []) ? (
            <StrokeField
              width={s.iconStrokeWidth}
              // The size the icons have once a change is applied (apply-options sizes them to it).
              size={s.iconSize}
              {...(options.selectedStroke.value === undefined
                ? {}
                : { selected: options.selectedStroke.value })}
              onChange={(w) => void options.setStroke(w)}
              onTyping={(w) => options.strokeDraft.type(w)}
              onTypingEnd={() => options.strokeDraft.end()}
            />
          ) : null}
          <button
            type="button"
            class="bar-control bar-toggle"
            aria-pressed={s.insertAsComponent}
            aria-label="Insert as component"
            // The tooltip says the state first: at 280 px the glyph is all the button shows.
            title={
              s.insertAsComponent
                ? "Insert as component: on. Each icon becomes a component once, instances go on the canvas"
                : "Insert as component: off. Icons go on the canvas as plain layers"
            }
            onClick={() => void options.setAsComponent(!s.insertAsComponent)}
          >
            <ComponentGlyph />
            {/* Said in words: a glyph alone did not tell what it toggles. Hidden visually (not from
                screen readers) when the window is too narrow for it. */}
            <span class="bar-toggle__label">Component</span>
          </button>
        </div>
      ) : null}
      {hasPictureOptions(props.type) ? <PictureOptions settings={props.settings} type={props.type} /> : null}
    </div>
  );
}
