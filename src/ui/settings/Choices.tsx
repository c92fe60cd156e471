// Figma-style choice controls for Settings, in place of the browser's selects, radios and checkboxes:
// a segmented row (few short choices, the shared control), a list of options (longer labels) and an on/off switch.
import type { ComponentChildren } from "preact";
import { SegmentedButtons } from "../controls";
import "./choices.css";

type Option = readonly [value: string, label: string];

/** One setting chosen among options: its name on the markup, for tests and the label's id. */
interface ChoiceProps {
  label: string;
  name: string;
  value: string;
  options: readonly Option[];
  onChange(value: string): void;
}

/** The setting's label above the control that names itself by it. */
function Labelled(props: { label: string; name: string; children: ComponentChildren }) {
  return (
    <div class="choice">
      <span class="choice__label" id={`${props.name}-label`}>
        {props.label}
      </span>
      {props.children}
    </div>
  );
}

/** A few short choices side by side; `hint`, one quiet line under them, says what a choice is for. */
export function Segmented(props: ChoiceProps & { hint?: string }) {
  return (
    <Labelled label={props.label} name={props.name}>
      <SegmentedButtons
        labelledBy={`${props.name}-label`}
        name={props.name}
        options={props.options}
        value={props.value}
        onChange={props.onChange}
      />
      {props.hint ? (
        <p class="choice__hint" id={`${props.name}-hint`}>
          {props.hint}
        </p>
      ) : null}
    </Labelled>
  );
}

export function OptionList(props: ChoiceProps) {
  return (
    <Labelled label={props.label} name={props.name}>
      <div
        class="choice-list"
        role="radiogroup"
        aria-labelledby={`${props.name}-label`}
        data-name={props.name}
      >
        {props.options.map(([value, label]) => (
          // biome-ignore lint/a11y/useSemanticElements: drawn as Figma's menu rows, not the browser's radios
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={value === props.value}
            data-value={value}
            class="choice-list__item"
            onClick={() => props.onChange(value)}
          >
            <span class="choice-list__dot" aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>
    </Labelled>
  );
}

export function Switch(props: {
  label: string;
  name: string;
  checked: boolean;
  onChange(on: boolean): void;
}) {
  return (
    <button
      type="button"
      role="switch"
      name={props.name}
      aria-checked={props.checked}
      class="choice-switch"
      onClick={() => props.onChange(!props.checked)}
    >
      <span class="choice-switch__track" aria-hidden="true">
        <span class="choice-switch__thumb" />
      </span>
      <span class="choice-switch__label">{props.label}</span>
    </button>
  );
}
