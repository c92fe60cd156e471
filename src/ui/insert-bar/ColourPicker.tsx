// The icon colour: a swatch that opens the choices: the icon's own colours, a custom colour (picker
// and hex field), and the file's colour variables (by collection) and paint styles, searchable. A
// variable or style chosen is bound to the icons, so they follow the design system.
import "./colours.css";
import { useState } from "preact/hooks";
import type { DocumentColourVariable, DocumentPaintStyle } from "../../messages/types";
import { normaliseHex } from "../settings/settings-store";
import { CheckGlyph } from "./bar-icons";
import { ColourArea } from "./ColourArea";
import { colourLabel, groupColours, ORIGINAL_COLOURS } from "./colour-label";
import type { InsertOptionsStore } from "./insert-options-store";
import { Popover } from "./Popover";

function Swatch({ colour, gone }: { colour: string | null; gone?: boolean }) {
  const kind = gone ? "gone" : colour ? "solid" : "own";
  return <span class={`swatch swatch--${kind}`} style={colour ? { background: colour } : undefined} />;
}

function Choice(props: {
  selected: boolean;
  colour: string | null;
  label: string;
  title?: string;
  onPick: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        class="menu__item"
        aria-pressed={props.selected}
        title={props.title ?? props.label}
        onClick={props.onPick}
      >
        <span class="menu__check">{props.selected ? <CheckGlyph /> : null}</span>
        <Swatch colour={props.colour} />
        <span class="menu__text">{props.label}</span>
      </button>
    </li>
  );
}

export function ColourPicker({
  options,
  iconColor,
}: {
  options: InsertOptionsStore;
  iconColor: string | null;
}) {
  const file = options.fileColour;
  const choice = file.choice.value;
  const colours = options.colours.value;
  // With Assetport icons selected whose colour the selection tells, the bar shows theirs, as Figma's
  // fields show a selection's values; otherwise the colour the next insert will use.
  const selected = options.selectedColour.value;
  // Hex without "#", upper case, as Figma's own fill rows show it ("000000" beside "100 %"): its
  // properties panel leaves the "#" out and copies the six digits alone (tokens-studio/figma-plugin
  // issue 1732 and adobe/leonardo issue 83 both work around exactly that), so a value read here and
  // one read in Figma's panel look and paste alike. The hex field below follows the same rule.
  const hex = typeof selected === "string" && selected !== "mixed" ? selected.slice(1).toUpperCase() : "";
  const label =
    selected === "mixed"
      ? { text: "Mixed", full: "Mixed", swatch: null, gone: false, own: false, bound: false }
      : selected
        ? { text: hex, full: hex, swatch: selected, gone: false, own: false, bound: false }
        : colourLabel({ iconColor }, { choice, gone: file.gone.value }, colours);
  return (
    <Popover
      label={`Icon colour: ${label.full}`}
      class="bar-colour"
      onOpen={() => void options.loadColours()}
      trigger={
        label.bound ? (
          // Bound to a variable or style: Figma's pill, a bordered chip holding the swatch and name.
          <span class="bar-pill" data-testid="colour-pill">
            <Swatch colour={label.swatch} gone={label.gone} />
            <span class={`bar-colour__text${label.gone ? " bar-colour__text--gone" : ""}`}>{label.text}</span>
          </span>
        ) : (
          <>
            <Swatch colour={label.swatch} />
            <span class="bar-colour__text">{label.text}</span>
          </>
        )
      }
    >
      {(close) => <ColourChoices options={options} iconColor={iconColor} close={close} />}
    </Popover>
  );
}

function ColourChoices(props: { options: InsertOptionsStore; iconColor: string | null; close: () => void }) {
  const { options, iconColor, close } = props;
  const [filter, setFilter] = useState("");
  const [hexDraft, setHexDraft] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const file = options.fileColour;
  const choice = file.gone.value ? null : file.choice.value;
  const colours = options.colours.value;
  const state = options.coloursState.value;
  const custom = iconColor ?? "#000000";
  const useHex = (text: string) => {
    const hex = normaliseHex(text);
    setHexDraft(null);
    if (hex) void options.useHex(hex);
  };
  const pickVariable = (v: DocumentColourVariable) => {
    void options.useFileColour({ kind: "variable", id: v.id, name: v.name });
    close();
  };
  const pickStyle = (s: DocumentPaintStyle) => {
    void options.useFileColour({ kind: "style", id: s.id, name: s.name });
    close();
  };
  const grouped = colours ? groupColours(colours, filter) : null;
  const hasFileColours = !!colours && colours.variables.length + colours.styles.length > 0;
  return (
    <div class="colours">
      {file.gone.value && file.choice.value ? (
        <p class="colours__gone" role="status">
          “{file.choice.value.name}” is no longer in this file, so icons keep their original colours. Pick
          another.
        </p>
      ) : null}
      <ul class="menu">
        <Choice
          selected={!choice && iconColor === null}
          colour={null}
          label={ORIGINAL_COLOURS}
          onPick={() => {
            void options.useOwnColours();
            close();
          }}
        />
      </ul>
      <div class="colours__custom">
        <button
          type="button"
          class="colours__well"
          aria-label="Pick a custom colour"
          title="Pick a custom colour"
          aria-expanded={picking}
          onClick={() => setPicking(!picking)}
        >
          <Swatch colour={custom} />
        </button>
        <input
          class="bar-input colours__hex"
          name="iconColor"
          aria-label="Custom colour as hex"
          data-autofocus
          autoComplete="off"
          spellcheck={false}
          value={hexDraft ?? (iconColor && !choice ? iconColor.slice(1).toUpperCase() : "")}
          placeholder="Hex, e.g. 0D99FF"
          onInput={(e) => setHexDraft(e.currentTarget.value)}
          onBlur={() => hexDraft !== null && useHex(hexDraft)}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            // A colour typed and confirmed is the job done: the panel gets out of the results' way.
            const typed = e.currentTarget.value;
            useHex(typed);
            if (normaliseHex(typed)) close();
          }}
        />
      </div>
      {picking ? <ColourArea hex={custom} onChange={(hex) => void options.useHex(hex)} /> : null}
      {state === "loading" && !colours ? <p class="colours__note">Reading this file's colours…</p> : null}
      {state === "failed" ? (
        <p class="colours__note">
          This file's colours could not be read.{" "}
          <button type="button" class="link" onClick={() => void options.loadColours()}>
            Retry
          </button>
        </p>
      ) : null}
      {colours && !hasFileColours ? (
        <p class="colours__note">
          This file has no colour variables or styles yet. Add some in Figma to bind icons to them.
        </p>
      ) : null}
      {hasFileColours ? (
        <input
          class="bar-input colours__search"
          type="text"
          aria-label="Search this file's colours"
          placeholder="Search this file's colours"
          value={filter}
          onInput={(e) => setFilter(e.currentTarget.value)}
        />
      ) : null}
      {grouped?.collections.map((group) => (
        <section key={group.name} class="colours__group" aria-label={group.name || "Variables"}>
          <h3 class="colours__heading">{group.name || "Variables"}</h3>
          <ul class="menu">
            {group.variables.map((v) => (
              <Choice
                key={v.id}
                selected={choice?.id === v.id}
                colour={v.color}
                label={v.name}
                onPick={() => pickVariable(v)}
              />
            ))}
          </ul>
        </section>
      ))}
      {grouped && grouped.styles.length > 0 ? (
        <section class="colours__group" aria-label="Colour styles">
          <h3 class="colours__heading">Colour styles</h3>
          <ul class="menu">
            {grouped.styles.map((s) => (
              <Choice
                key={s.id}
                selected={choice?.id === s.id}
                colour={s.color}
                label={s.name}
                onPick={() => pickStyle(s)}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {grouped && hasFileColours && grouped.collections.length + grouped.styles.length === 0 ? (
        <p class="colours__note">No colour of this file matches “{filter}”.</p>
      ) : null}
    </div>
  );
}
