// The insert options on the main screen: size, colour, stroke width and "as component" for the next
// insert, and, when Assetport icons are selected, for those icons too (one apply-options request per
// change, one undo step in Figma). Also decides whether a click inserts or replaces.
import { computed, effect, type ReadonlySignal, type Signal, signal } from "@preact/signals";
import type { Asset } from "../../api/contract/spec-objects";
import type {
  DocumentColours,
  FileColourChoice,
  InsertOptions,
  SelectionInfo,
  Settings,
} from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import { toUiError, type UiError } from "../errors/ui-error";
import type { FileColourStore } from "../insert/file-colour-store";
import type { InsertController } from "../insert/insert-controller";
import { type InsertChoice, iconOptions } from "../insert/insert-plan";
import type { SettingsStore } from "../settings/settings-store";
import {
  replaceableCount,
  selectedIconColour,
  selectedIconCount,
  selectedIconSize,
  selectedIconStroke,
} from "./selection-targets";
import { createStrokeDraft } from "./stroke-draft";
import { clampStroke } from "./stroke-range";

export interface InsertOptionsDeps {
  port: Pick<UiPort, "request">;
  settings: Pick<SettingsStore, "settings" | "update">;
  fileColour: FileColourStore;
  selection: ReadonlySignal<SelectionInfo | null>;
  /** A click replaces the selection instead of adding (also set by the layer's "Replace asset" button). */
  replacing: Signal<boolean>;
  onError: (error: UiError) => void;
  /** Places assets; a variant switch replaces the selected icons through it. */
  insert?: Pick<InsertController, "insert">;
}

/** The size, colour and stroke patches the bar makes (what may reach the selected icons). */
type IconPatch = Partial<Pick<Settings, "iconSize" | "iconColor" | "iconStrokeWidth">>;

export function createInsertOptionsStore(deps: InsertOptionsDeps) {
  const replaceable = computed(() => replaceableCount(deps.selection.value));
  const selectedIcons = computed(() => selectedIconCount(deps.selection.value));
  /** What the size field shows while Assetport icons are selected: their size, or "mixed". */
  const selectedSize = computed(() => selectedIconSize(deps.selection.value));
  const selectedStroke = computed(() => selectedIconStroke(deps.selection.value));
  const selectedColour = computed(() => selectedIconColour(deps.selection.value));
  /** What a click on a result does now. */
  const mode = computed(() => (deps.replacing.value && replaceable.value > 0 ? "replace" : "insert"));
  const colours = signal<DocumentColours | null>(null);
  const coloursState = signal<"idle" | "loading" | "ready" | "failed">("idle");
  /** A width being typed: the previews follow it before it is committed. */
  const strokeDraft = createStrokeDraft({
    committed: computed(() => deps.settings.settings.value.iconStrokeWidth),
  });

  // Nothing replaceable selected (any more): inserting, so a selection is never replaced by a click
  // the window did not announce, however Replace was turned on.
  effect(() => {
    if (replaceable.value === 0 && deps.replacing.value) deps.replacing.value = false;
  });

  /**
   * Gives what changed to the selected Assetport icons; nothing is sent when there are none. Only
   * what changed: a colour picked for 96 px icons must not also size them to the bar's 24.
   */
  async function applyToSelection(patch: IconPatch): Promise<void> {
    if (selectedIcons.peek() === 0) return;
    const options = changedOptions(iconOptions(deps.settings.settings.peek()), patch);
    if (Object.keys(options).length === 0) return;
    try {
      await deps.port.request("apply-options", { options });
    } catch (caught) {
      const error = toUiError(caught);
      // Deleted since the file was read: shown as such in the bar, and not sent again.
      if (error.reason === "colour_missing") deps.fileColour.markGone();
      deps.onError(error);
    }
  }

  async function change(patch: IconPatch) {
    await deps.settings.update(patch);
    await applyToSelection(patch);
  }

  /**
   * One colour at a time. Both stores change at once (their saves follow), so the next arrow key in
   * the picker, or the next insert, already sees this colour.
   */
  async function pickColour(file: FileColourChoice | null, hex: string | null) {
    const kept = deps.fileColour.pick(file);
    await change({ iconColor: hex });
    await kept;
  }

  return {
    mode,
    replaceable,
    selectedIcons,
    selectedSize,
    selectedStroke,
    selectedColour,
    colours,
    coloursState,
    strokeDraft,
    fileColour: deps.fileColour,
    setMode(next: "insert" | "replace") {
      deps.replacing.value = next === "replace";
    },
    /**
     * A smaller size brings a width set for a bigger one into its range, so the field shows what goes
     * (and only then is a width sent to the selected icons: each keeps its own otherwise).
     */
    setSize: (size: number) => {
      const width = deps.settings.settings.peek().iconStrokeWidth;
      const clamped = width === null ? null : clampStroke(width, size);
      const kept = clamped === null || clamped === width ? {} : { iconStrokeWidth: clamped };
      return change({ iconSize: size, ...kept });
    },
    /** A width committed (Enter, blur, an arrow key): saved, given to the selected icons, drawn. */
    setStroke: (width: number | null) => {
      // The setting changes at once (settings.update), so the previews go from the typed width to
      // the committed one with no frame of the old width between.
      const done = change({ iconStrokeWidth: width });
      strokeDraft.end();
      return done;
    },
    /** The icon's own colours: no hex, no variable, no style. */
    useOwnColours: () => pickColour(null, null),
    useHex: (hex: string) => pickColour(null, hex),
    /** A variable or style of this file: bound to the icons, kept in the file. */
    useFileColour: (choice: FileColourChoice) => pickColour(choice, null),
    setAsComponent: (on: boolean) => deps.settings.update({ insertAsComponent: on }),
    /**
     * A variant picked (a weight, outline or filled) while Assetport icons are selected: they become
     * that variant, each keeping its box and, per Settings, its colour, in one step. False when no
     * icon is selected: the caller then only changes what the results show.
     */
    async switchSelectedTo(variant: Asset, choice?: InsertChoice): Promise<boolean> {
      if (selectedIcons.peek() === 0 || !deps.insert) return false;
      // A weight the set lacks comes with its lines' scale, as the cell drew it.
      await deps.insert.insert(variant, "icon", "replace", choice);
      return true;
    },
    /** Lists the file's colours for the picker; a chosen one missing from the list was deleted. */
    async loadColours() {
      coloursState.value = "loading";
      try {
        const listed = await deps.port.request("document-colours", {});
        colours.value = listed;
        coloursState.value = "ready";
        const chosen = deps.fileColour.choice.peek();
        const known = chosen?.kind === "variable" ? listed.variables : listed.styles;
        if (chosen && !known.some((c) => c.id === chosen.id)) deps.fileColour.markGone();
      } catch {
        coloursState.value = "failed";
      }
    },
  };
}

export type InsertOptionsStore = ReturnType<typeof createInsertOptionsStore>;

/** Of the options the bar gives, those a change touched (size, colour or stroke width). */
function changedOptions(all: InsertOptions, patch: IconPatch): InsertOptions {
  const { size, color, colorVariableId, colorStyleId, strokeWidth } = all;
  const colour = { color, colorVariableId, colorStyleId };
  const given = <T extends object>(fields: T) =>
    Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
  return {
    ...("iconSize" in patch ? given({ size }) : {}),
    ...("iconColor" in patch ? given(colour) : {}),
    ...("iconStrokeWidth" in patch ? given({ strokeWidth }) : {}),
  };
}
