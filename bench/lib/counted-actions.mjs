// A designer's hands, counted: every click and every key a job script uses goes through here, so the
// count is what the script really did. Controls are found the way a designer (and a screen reader)
// finds them, by role and label on the main screen, never by class names: the count follows the ui.

/** A control the job needs is not on the main screen: the job fails, saying which. */
export class MissingControl extends Error {}

export function countedActions() {
  const done = { clicks: 0, keys: 0, steps: [] };
  return {
    done,
    async click(locator, what) {
      await locator.click();
      done.clicks += 1;
      done.steps.push(`click ${what}`);
    },
    async press(locator, key, what) {
      await locator.press(key);
      done.keys += 1;
      done.steps.push(`${key} ${what}`);
    },
    /** Typed characters count one key each. */
    async type(locator, text, what) {
      await locator.pressSequentially(text);
      done.keys += text.length;
      done.steps.push(`type "${text}" ${what}`);
    },
  };
}

/** Controls named by their own text rather than a label (a segment "Replace", a toggle button). */
const NAMED_BY_TEXT = ["radio", "switch", "checkbox", "tab", "button"];

/** The first visible control whose accessible name matches `label`, or MissingControl. */
export async function controlNamed(ui, label, what) {
  const lists = [ui.getByLabel(label), ...NAMED_BY_TEXT.map((role) => ui.getByRole(role, { name: label }))];
  for (const candidates of lists) {
    const count = await candidates.count();
    for (let i = 0; i < count; i++) {
      const control = candidates.nth(i);
      if (await control.isVisible()) return control;
    }
  }
  throw new MissingControl(`no visible control named ${label} (${what}) on the main screen`);
}

/** Whether a visible control matches `label` (to take a shorter way when the window offers one). */
export async function offers(ui, label) {
  return controlNamed(ui, label, "").then(
    () => true,
    () => false,
  );
}

/** What kind of control it is: decides how a designer operates it. */
function kindOf(control) {
  return control.evaluate((el) => ({
    tag: el.tagName.toLowerCase(),
    role: el.getAttribute("role") ?? "",
    type: el.getAttribute("type") ?? "",
    checked:
      el.matches(":checked") ||
      el.getAttribute("aria-checked") === "true" ||
      el.getAttribute("aria-pressed") === "true",
  }));
}

/** Picks `value` in the control named `label` (a list, a segmented choice or a field), counted. */
export async function choose(ui, acts, label, value, what) {
  const control = await controlNamed(ui, label, what);
  const kind = await kindOf(control);
  if (kind.tag === "select") {
    // A dropdown: open it, pick the entry.
    await control.selectOption({ label: String(value) }).catch(() => control.selectOption(String(value)));
    acts.done.clicks += 2;
    acts.done.steps.push(`open ${what}, pick ${value}`);
    return;
  }
  if (
    ["radiogroup", "group", "tablist", "listbox", "toolbar"].includes(kind.role) ||
    kind.tag === "fieldset"
  ) {
    const option = control
      .getByRole("radio", { name: String(value) })
      .or(control.getByRole("tab", { name: String(value) }))
      .or(control.getByRole("option", { name: String(value) }))
      .or(control.getByRole("button", { name: String(value) }))
      .first();
    if ((await option.count()) === 0) throw new MissingControl(`${what} offers no "${value}"`);
    await acts.click(option, `${what} ${value}`);
    return;
  }
  if (kind.role === "combobox" || kind.tag === "button") {
    await acts.click(control, what);
    // The list it opens: options, menu rows, or a menu of radio rows (the weight menu).
    const opened = ui.locator('[role="listbox"], [role="menu"], .popover');
    const option = ui
      .getByRole("option", { name: String(value) })
      .or(ui.getByRole("menuitemradio", { name: String(value) }))
      .or(opened.getByRole("radio", { name: String(value), exact: true }))
      .first();
    if ((await option.count()) === 0) throw new MissingControl(`${what} lists no "${value}"`);
    await acts.click(option, `${value}`);
    return;
  }
  if (kind.tag === "input") {
    // A field: click it, select what is there, type, confirm.
    await acts.click(control, what);
    await acts.press(control, "Control+A", `in ${what}`);
    await acts.type(control, String(value), `in ${what}`);
    await acts.press(control, "Enter", `in ${what}`);
    return;
  }
  throw new MissingControl(`${what} is a ${kind.tag}[role=${kind.role}] the job script cannot operate`);
}

/** Turns on the option named `label` (a checkbox, switch or toggle button) when it is off, counted. */
export async function turnOn(ui, acts, label, what) {
  const control = await controlNamed(ui, label, what);
  if ((await kindOf(control)).checked) return;
  await acts.click(control, what);
}

/** Sets a colour by its hex value: a field named `label`, or a swatch that opens one, counted. */
export async function chooseColour(ui, acts, label, hex, what) {
  const control = await controlNamed(ui, label, what);
  const kind = await kindOf(control);
  if (kind.tag === "input" && kind.type !== "color") return choose(ui, acts, label, hex, what);
  await acts.click(control, what);
  const field = ui.getByRole("textbox", { name: /hex/i }).first();
  if ((await field.count()) === 0) throw new MissingControl(`${what} opens no hex field`);
  // A designer types straight away when the picker opens on the hex field, its text selected.
  const ready = await field.evaluate(
    (el) => el === document.activeElement && el.selectionStart === 0 && el.selectionEnd === el.value.length,
  );
  if (!ready) {
    await acts.click(field, "the hex field");
    await acts.press(field, "Control+A", "in the hex field");
  }
  await acts.type(field, hex, "in the hex field");
  await acts.press(field, "Enter", "in the hex field");
  // A picker left open covers the results: a designer closes it before clicking one.
  const open = ui.getByRole("dialog");
  if ((await open.count()) > 0 && (await open.first().isVisible()))
    await acts.press(field, "Escape", "to close it");
}
