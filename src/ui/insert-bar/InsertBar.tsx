// The insert options on the main screen, under the search: size, colour, stroke width and "as
// component" for icons, and what a click does (insert, or replace the selected layers) when the
// selection can be replaced. With Assetport icons selected, each change applies to them too.
import "./insert-bar.css";
import type { AssetType } from "../../api/contract";
import { SegmentedButtons } from "../controls";
import type { SettingsStore } from "../settings/settings-store";
import { ComponentGlyph } from "./bar-icons";
import { ColourPicker } from "./ColourPicker";
import type { InsertOptionsStore } from "./insert-options-store";
import { SizeField } from "./SizeField";
import { StrokeField } from "./StrokeField";
import { icons, layers, strokeApplies } from "./selection-targets";

const MODES = [
  ["insert", "Insert"],
  ["replace", "Replace"],
] as const;

/**
 * "2 selected layers", with "selected" dropped where the line is short of room (under 360 px, beside
 * the switch): the words stay whole rather than end in an ellipsis. Screen readers read all of it.
 */
function Selected({ text }: { text: string }) {
  const [count, noun] = text.split(" selected ");
  return (
    <>
      {count}
      <span class="bar-mode__wide"> selected</span> {noun}
    </>
  );
}

/** What a click does and which selected icons changes reach, on one 24 px line under the fields. */
function ModeLine({ options, type }: { options: InsertOptionsStore; type: AssetType }) {
  const count = options.replaceable.value;
  const iconsSelected = type === "icon" ? options.selectedIcons.value : 0;
  if (count === 0 && iconsSelected === 0) return null;
  const mode = options.mode.value;
  const does =
    count === 0 ? "" : mode === "replace" ? `Click replaces ${layers(count)}` : "Click inserts a new layer";
  const applies = iconsSelected > 0 ? `Changes apply to ${icons(iconsSelected)}` : "";
  // One sentence fits the line beside the switch at 360 px, two do not: with icons selected, Insert
  // needs no words (its segment says it), and Replace's words matter more than where edits go.
  // The tooltip keeps both.
  const shown =
    does && applies
      ? mode === "replace"
        ? { does, applies: "" }
        : { does: "", applies }
      : { does, applies };
  return (
    <div class="bar-mode">
      {count > 0 ? (
        <SegmentedButtons
          compact
          label="A click on a result"
          options={MODES}
          value={mode}
          onChange={(value) => options.setMode(value)}
        />
      ) : null}
      {/* One line: the full sentence stays in the tooltip when a narrow window cuts it. */}
      <p class="bar-mode__text" aria-live="polite" title={[does, applies].filter(Boolean).join(" · ")}>
        {shown.does ? (
          <span data-testid="click-does">
            {mode === "replace" ? (
              <>
                Click replaces <Selected text={layers(count)} />
              </>
            ) : (
              shown.does
            )}
          </span>
        ) : null}
        {shown.applies ? (
          <span class="bar-mode__applies" data-testid="applies-to">
            Changes apply to <Selected text={icons(iconsSelected)} />
          </span>
        ) : null}
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
              {...(options.selectedStroke.value === undefined
                ? {}
                : { selected: options.selectedStroke.value })}
              onChange={(w) => void options.setStroke(w)}
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
      <ModeLine options={options} type={props.type} />
    </div>
  );
}
