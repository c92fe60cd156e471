// Text onto the clipboard from the plugin's window. Figma hosts the window in an iframe that is not
// granted the clipboard permission, so navigator.clipboard.writeText is refused there; the copy
// command on a selected, unseen field is what works in Figma's desktop app and in browsers. It needs
// the designer's click not long before (the browser's transient activation, a few seconds), so a
// caller that downloaded first may be refused, and says so.

/** Copies `text`; false when the browser refused (no recent click, or no copy command at all). */
export function copyText(text: string): boolean {
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.setAttribute("aria-hidden", "true");
  // Out of sight and out of the layout; still selectable, which the copy command needs.
  field.style.cssText = "position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;pointer-events:none";
  const focused = document.activeElement as HTMLElement | null;
  document.body.append(field);
  field.select();
  let copied = false;
  try {
    copied = typeof document.execCommand === "function" && document.execCommand("copy");
  } catch {
    copied = false;
  }
  field.remove();
  // The button that asked keeps the focus (the field took it to be selected).
  focused?.focus({ preventScroll: true });
  return copied;
}
