// The file a conversion starts from, in Figma's style rather than the browser's "Choose File / No file
// chosen": a 72 px dashed drop zone that is also the button opening the file dialog; once a file is
// taken, its name on one row with a button that removes it (the row still takes a dropped file). The
// browser's input stays (hidden) because only it can open the dialog.

import { useId, useRef, useState } from "preact/hooks";
import { IconButton } from "../controls";
import { CloseIcon, FileIcon, UploadIcon } from "../icons";
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
  /** "SVG", "Lottie": said when a dropped file is not one. */
  kind: string;
  article: "a" | "an";
  accept: string;
  /** The line above the zone: what to pick, and the plan's size limit. */
  label: string;
  file: File | null;
  onPick(file: File | null): void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const take = (file: File | null | undefined) => {
    // Emptied so the same file chosen again (after Remove) still fires a change.
    if (input.current) input.current.value = "";
    if (file && !acceptsFile(props.accept, file)) {
      setRefused(file.name);
      return;
    }
    setRefused(null);
    props.onPick(file ?? null);
  };
  const chosen = props.file;
  return (
    <div class="field">
      <span class="field__label" id={`${id}-label`}>
        {props.label}
      </span>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the pointer; its buttons are the way in for keys */}
      <div
        class={`file-pick${chosen ? " file-pick--chosen" : ""}${over ? " file-pick--over" : ""}`}
        onDragOver={(e) => {
          if (!e.dataTransfer?.types.includes("Files")) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={(e) => {
          // Moving onto a button or the name is still over the zone.
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          take(e.dataTransfer?.files[0]);
        }}
      >
        {chosen ? (
          <>
            <FileIcon />
            <span class="file-pick__name" title={chosen.name} data-testid="file-name">
              {chosen.name}
            </span>
            <IconButton label={`Remove ${chosen.name}`} class="file-pick__remove" onClick={() => take(null)}>
              <CloseIcon />
            </IconButton>
          </>
        ) : (
          <button
            type="button"
            class="file-pick__choose"
            aria-describedby={`${id}-label`}
            onClick={() => input.current?.click()}
          >
            <UploadIcon />
            <span>Drop a file or choose one</span>
          </button>
        )}
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
