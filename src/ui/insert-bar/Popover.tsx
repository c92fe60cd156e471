// A button that opens a panel under the bar, Figma-style: closed by Escape (which goes no further,
// so the search is not cleared), by a click outside, or by a choice made inside.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";

export function Popover(props: {
  /** The button's content and its accessible name. */
  trigger: ComponentChildren;
  label: string;
  class?: string;
  onOpen?: () => void;
  children: (close: () => void) => ComponentChildren;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  // Opened: the keyboard goes into the panel (the field marked to take it, else its first field or
  // choice), as in Figma's menus; a field's text is selected, ready to be typed over.
  useEffect(() => {
    if (!open) return;
    const panel = root.current;
    const first =
      panel?.querySelector<HTMLElement>(".popover [data-autofocus]") ??
      panel?.querySelector<HTMLElement>(".popover input, .popover button");
    first?.focus();
    if (first instanceof HTMLInputElement) first.select();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the panel from any control in it
    <div
      ref={root}
      class={`popover-anchor ${props.class ?? ""}`}
      onKeyDown={(e) => {
        if (!open) return;
        if (e.key === "ArrowDown" || e.key === "ArrowUp") {
          // Up and down walk the panel's choices, as in Figma's menus (fields keep their own arrows).
          if (
            e.target instanceof HTMLInputElement ||
            (e.target as HTMLElement).getAttribute("role") === "slider"
          )
            return;
          const items = [...(root.current?.querySelectorAll<HTMLElement>(".popover .menu__item") ?? [])];
          const at = items.indexOf(e.target as HTMLElement);
          const next = items[(at + (e.key === "ArrowDown" ? 1 : -1) + items.length) % items.length];
          if (!next) return;
          e.preventDefault();
          next.focus();
        } else if (e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        class="bar-control"
        aria-label={props.label}
        title={props.label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          if (!open) props.onOpen?.();
          setOpen(!open);
        }}
      >
        {props.trigger}
      </button>
      {open ? (
        <div class="popover" role="dialog" aria-label={props.label}>
          {props.children(close)}
        </div>
      ) : null}
    </div>
  );
}
