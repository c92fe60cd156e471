// The insert options on the main screen, under the search: size, colour, stroke width and "as
// component" for icons, and what a click does (insert, or replace the selected layers) when the
// selection can be replaced. With Assetport icons selected, each change applies to them too.
import "./insert-bar.css";
import type { AssetType } from "../../api/contract";
import type { SettingsStore } from "../settings/settings-store";
import { ComponentGlyph } from "./bar-icons";
import { ColourPicker } from "./ColourPicker";
import type { InsertOptionsStore } from "./insert-options-store";
import { SizeField } from "./SizeField";
import { StrokeField } from "./StrokeField";
import { icons, layers, strokeApplies } from "./selection-targets";

function ReplaceSwitch({ options }: { options: InsertOptionsStore }) {
  const count = options.replaceable.value;
  if (count === 0) return null;
  const mode = options.mode.value;
  return (
    <div class="bar-mode">
      <div class="segmented" role="radiogroup" aria-label="A click on a result">
        {(["insert", "replace"] as const).map((value) => (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control, drawn as Figma draws one
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={mode === value}
            class="segmented__item"
            onClick={() => options.setMode(value)}
          >
            {value === "insert" ? "Insert" : "Replace"}
          </button>
        ))}
      </div>
      <p class="bar-mode__text" data-testid="click-does" aria-live="polite">
        {mode === "replace" ? `Click replaces ${layers(count)}` : "Click inserts a new layer"}
      </p>
    </div>
  );
}

export function InsertBar(props: {
  options: InsertOptionsStore;
  settings: Pick<SettingsStore, "settings">;
  type: AssetType;
  /** The styles the search is narrowed to: the stroke width shows unless they are all filled ones. */
  styles?: readonly string[];
}) {
  const { options } = props;
  const s = props.settings.settings.value;
  const iconsSelected = options.selectedIcons.value;
  return (
    <div class="insert-bar" data-testid="insert-bar">
      {props.type === "icon" ? (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset cannot lay its legend out in one 32 px row
        <div class="insert-bar__row" role="group" aria-label="Icon options">
          <SizeField size={s.iconSize} onChange={(size) => void options.setSize(size)} />
          <ColourPicker options={options} iconColor={s.iconColor} />
          {strokeApplies(props.styles ?? []) ? (
            <StrokeField width={s.iconStrokeWidth} onChange={(w) => void options.setStroke(w)} />
          ) : null}
          <button
            type="button"
            class="bar-control bar-toggle"
            aria-pressed={s.insertAsComponent}
            aria-label="Insert as component"
            title={
              s.insertAsComponent
                ? "Inserting as instances of a component per icon"
                : "Insert as component: each icon once as a component, instances on the canvas"
            }
            onClick={() => void options.setAsComponent(!s.insertAsComponent)}
          >
            <ComponentGlyph />
          </button>
        </div>
      ) : null}
      {props.type === "icon" && iconsSelected > 0 ? (
        <p class="insert-bar__note" data-testid="applies-to">
          Changes apply to {icons(iconsSelected)}
        </p>
      ) : null}
      <ReplaceSwitch options={options} />
    </div>
  );
}
