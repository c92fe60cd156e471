// The file a conversion starts from, in Figma's style rather than the browser's "Choose File / No file
// chosen": a secondary button that opens the file dialog, the chosen file's name beside it, and the
// whole row a drop zone. The browser's input stays (hidden) because only it can open the dialog.

import { useId, useRef, useState } from "preact/hooks";
import "./convert.css";

/** Whether a file matches an accept list such as ".svg,image/svg+xml" (by extension or by type). */
export function acceptsFile(accept: string, file: Pick<File, "name" | "type">): boolean {
  const name = file.name.toLowerCase();
  return accept
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .some((part) => (part.startsWith(".") ? name.endsWith(part) : part === file.type.toLowerCase()));
}

export function FilePick(props: {
  /** "SVG", "Lottie": said on the button and when a dropped file is not one. */
  kind: string;
  article: "a" | "an";
  accept: string;
  /** The line above the row: what to pick, and the plan's size limit. */
  label: string;
  file: File | null;
  onPick(file: File | null): void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const take = (file: File | null | undefined) => {
    if (file && !acceptsFile(props.accept, file)) {
      setRefused(file.name);
      return;
    }
    setRefused(null);
    props.onPick(file ?? null);
  };
  return (
    <div class="field">
      <span class="field__label" id={`${id}-label`}>
        {props.label}
      </span>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the pointer; the button is the way in for keys */}
      <div
        class={`file-pick${over ? " file-pick--over" : ""}`}
        onDragOver={(e) => {
          if (!e.dataTransfer?.types.includes("Files")) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={(e) => {
          // Moving onto the button or the name is still over the zone.
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          take(e.dataTransfer?.files[0]);
        }}
      >
        <button
          type="button"
          class="button button--secondary file-pick__button"
          aria-describedby={`${id}-label ${id}-name`}
          onClick={() => input.current?.click()}
        >
          {props.file ? "Choose another…" : `Choose ${props.kind} file…`}
        </button>
        <span
          id={`${id}-name`}
          class={`file-pick__name${props.file ? "" : " file-pick__name--none"}`}
          title={props.file?.name}
          data-testid="file-name"
        >
          {props.file ? props.file.name : "or drop one here"}
        </span>
        <input
          ref={input}
          class="visually-hidden"
          type="file"
          name="file"
          tabIndex={-1}
          aria-hidden="true"
          accept={props.accept}
          onChange={(e) => take(e.currentTarget.files?.[0])}
        />
      </div>
      {refused ? (
        <p class="field__error" role="alert">
          “{refused}” is not {props.article} {props.kind} file.
        </p>
      ) : null}
    </div>
  );
}
