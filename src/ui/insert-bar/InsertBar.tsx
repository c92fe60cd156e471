// The insert options on the main screen, under the search: size, colour, stroke width and "as
// component" for icons, size and sharpness (or moving or still) for pictures; with Assetport icons selected, a quiet hint that each change reaches them
// too; and, when the selection can be replaced, what a click does (insert, or replace it).
import "./insert-bar.css";
import type { AssetType } from "../../api/contract/tables";
import { SegmentedButtons } from "../controls";
import type { SettingsStore } from "../settings/settings-store";
import { ComponentGlyph } from "./bar-icons";
import { ColourPicker } from "./ColourPicker";
import type { InsertOptionsStore } from "./insert-options-store";
import { hasPictureOptions, PictureOptions } from "./PictureOptions";
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

/**
 * What a click on a result does, one sentence for the mode chosen, beside the Insert/Replace switch:
 * only while the selection can be replaced (otherwise a click always inserts, and says nothing).
 */
function ModeLine(props: {
  options: InsertOptionsStore;
  type: AssetType;
  size: number;
  asComponent: boolean;
}) {
  const { options } = props;
  const count = options.replaceable.value;
  if (count === 0) return null;
  const mode = options.mode.value;
  // An icon goes in at the bar's size, which may not be the selected icons' size the field shows.
  // With Component on, what lands is an instance of the icon's component: the sentence says so.
  const inserts =
    props.type !== "icon"
      ? "Click inserts a new layer"
      : props.asComponent
        ? `Click inserts a ${props.size} px component`
        : `Click inserts at ${props.size} px`;
  const does = mode === "replace" ? `Click replaces ${layers(count)}` : inserts;
  return (
    <div class="bar-mode">
      <SegmentedButtons
        compact
        label="A click on a result"
        options={MODES}
        value={mode}
        onChange={(value) => options.setMode(value)}
      />
      {/* One line: the full sentence stays in the tooltip when a narrow window cuts it. */}
      <p class="bar-mode__text" aria-live="polite" title={does}>
        <span data-testid="click-does">
          {mode === "replace" ? (
            <>
              Click replaces <Selected text={layers(count)} />
            </>
          ) : props.type === "icon" && props.asComponent ? (
            // Under 360 px the size is left to the size field beside it: the words stay whole.
            <>
              Click inserts a <span class="bar-mode__wide">{props.size} px </span>component
            </>
          ) : (
            does
          )}
        </span>
      </p>
    </div>
  );
}

/**
 * The quiet hint under the fields while Assetport icons are selected: the fields change them at once,
 * whatever a click does. Worded about the fields ("edits here"), so it cannot read as the click's
 * sentence.
 */
function AppliesHint({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p class="bar-hint" data-testid="applies-to" title={`Edits here also change ${icons(count)}`}>
      Edits here also change <Selected text={icons(count)} />
    </p>
  );
}

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
      {props.type === "icon" ? <AppliesHint count={options.selectedIcons.value} /> : null}
      <ModeLine options={options} type={props.type} size={s.iconSize} asComponent={s.insertAsComponent} />
    </div>
  );
}
