// The icon colour picked among the file's colour variables and paint styles. The plugin keeps it in
// the document (ids belong to one file); this store mirrors it into the settings the inserts read,
// and leaves it out when the variable or style was deleted since, saying so instead.
import { signal } from "@preact/signals";
import type { FileColourChoice } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import { toUiError, type UiError } from "../errors/ui-error";
import type { SettingsStore } from "../settings/settings-store";

export function createFileColourStore(deps: {
  port: Pick<UiPort, "request">;
  settings: Pick<SettingsStore, "adopt">;
}) {
  const choice = signal<FileColourChoice | null>(null);
  /** The chosen variable or style is no longer in the file: shown as such, never sent. */
  const gone = signal(false);
  const saveError = signal<UiError | null>(null);

  /** What the inserts send: the choice's id, unless it is gone. */
  function mirror() {
    const live = gone.peek() ? null : choice.peek();
    deps.settings.adopt({
      iconColorVariableId: live?.kind === "variable" ? live.id : null,
      iconColorStyleId: live?.kind === "style" ? live.id : null,
    });
  }

  return {
    choice,
    gone,
    saveError,
    async load() {
      try {
        const state = await deps.port.request("file-colour-get", {});
        choice.value = state.choice ?? null;
        gone.value = state.gone === true;
      } catch {
        // An older plugin, or none (a plain browser): no file colour, the icon's own or a hex one.
        choice.value = null;
        gone.value = false;
      }
      mirror();
    },
    /** Picks a variable or style (or none); kept in the file at once. */
    async pick(next: FileColourChoice | null) {
      choice.value = next;
      gone.value = false;
      mirror();
      try {
        await deps.port.request("file-colour-set", { choice: next });
        saveError.value = null;
      } catch (caught) {
        saveError.value = toUiError(caught);
      }
    },
    /** The file's colours were listed again and the chosen one is not among them: deleted since. */
    markGone() {
      if (!choice.peek() || gone.peek()) return;
      gone.value = true;
      mirror();
    },
  };
}

export type FileColourStore = ReturnType<typeof createFileColourStore>;
