// Settings live in the plugin's clientStorage (the iframe's own storage does not survive in Figma);
// this store mirrors them and writes each change back through the message port.
// The access token is kept here and sent to the proxy, never logged or shown in an error.
// The proxy is one of the origins the build baked in (Figma blocks every other): a stored one that is
// not among them, typed into an older version's free field, falls back to the default. The token
// saved with it was meant for that server, so it is not sent to the default: Settings says so, and
// the next token saved is for the server in use.

import { computed, signal } from "@preact/signals";
import { DEFAULT_SETTINGS } from "../../messages/settings";
import type { Settings } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import { toUiError, type UiError } from "../errors/ui-error";
import {
  BAKED_CONNECTION,
  type BakedConnection,
  chosenProxyUrl,
  sentToken,
  strandedServer,
} from "./connection";

export const ICON_SIZES = [16, 20, 24, 32, 48] as const;
export const RASTER_SIZES = [256, 512, 1024, 2048] as const;

export {
  BAKED_CONNECTION,
  type BakedConnection,
  chosenProxyUrl,
  normaliseProxyUrl,
  strandedServer,
} from "./connection";

// One set of defaults for both sides: the plugin stores what the ui shows.
export { DEFAULT_SETTINGS };

const HEX = /^#[0-9a-f]{6}$/i;

/** A "#rgb" or "rrggbb" typed by hand becomes "#rrggbb"; anything else is refused (undefined). */
export function normaliseHex(text: string): string | undefined {
  const raw = text.trim().replace(/^#?/, "#");
  const full = /^#[0-9a-f]{3}$/i.test(raw) ? `#${[...raw.slice(1)].map((c) => c + c).join("")}` : raw;
  return HEX.test(full) ? full.toLowerCase() : undefined;
}

/** Settings that may be null ("not chosen"), with the type they have when chosen. */
const NULLABLE: Partial<Record<keyof Settings, "string" | "number">> = {
  iconColor: "string",
  iconColorVariableId: "string",
  iconColorStyleId: "string",
  iconStrokeWidth: "number",
  iconVariant: "string",
};

/**
 * Kept in the file, not here (see insert/file-colour-store.ts): ids of one file's variables and
 * styles mean nothing in another, so what clientStorage holds from an older version is not used.
 */
const KEPT_IN_FILE = { iconColorVariableId: null, iconColorStyleId: null } as const;

/** Reads only fields of the right type: clientStorage may hold values from an older version. */
function sanitise(raw: Partial<Settings> | undefined): Settings {
  const s = { ...DEFAULT_SETTINGS };
  if (!raw || typeof raw !== "object") return s;
  for (const name of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const value = raw[name];
    const fallback = DEFAULT_SETTINGS[name];
    const nullable = NULLABLE[name];
    const ok = nullable ? value === null || typeof value === nullable : typeof value === typeof fallback;
    if (ok) (s as unknown as Record<string, unknown>)[name] = value;
  }
  return s;
}

export function createSettingsStore(
  port: Pick<UiPort, "request">,
  baked: BakedConnection = BAKED_CONNECTION,
) {
  const settings = signal<Settings>({ ...DEFAULT_SETTINGS });
  const loaded = signal(false);
  const saveError = signal<UiError | null>(null);
  /** Set when Settings is opened to fix the connection (an error's "Open settings"): it shows open. */
  const connectionWanted = signal(false);

  /** Where requests go: the stored choice when the build allows it, else the build's default. */
  const proxyUrl = computed(() => chosenProxyUrl(settings.value.proxyUrl, baked.proxyUrls));
  /** The server an older version stored that this build cannot reach (its token stays unsent). */
  const stranded = computed(() => strandedServer(settings.value.proxyUrl, baked.proxyUrls));
  /** The token sent (connection.ts: each only to the proxy it was meant for). */
  const accessToken = computed(() => sentToken(settings.value, baked));

  return {
    settings,
    loaded,
    saveError,
    /** The origins the designer may choose between (the build's list). */
    proxyUrls: baked.proxyUrls,
    proxyUrl,
    stranded,
    accessToken,
    connectionWanted,
    /** Takes the settings the plugin sent with `ready` (or reads them when it did not). */
    async load(initial?: Partial<Settings>) {
      let raw = initial;
      if (!raw) {
        try {
          raw = (await port.request("storage-get", { key: "settings" })).value as Partial<Settings>;
        } catch (caught) {
          saveError.value = toUiError(caught);
        }
      }
      // Loaded only once they are in: what follows the server they name (app/new-server.ts) takes
      // the window's first settings as its own, not as a change of server.
      settings.value = { ...sanitise(raw), ...KEPT_IN_FILE };
      loaded.value = true;
    },
    /** Changes values in the window only, for choices kept elsewhere (the file's icon colour). */
    adopt(patch: Pick<Partial<Settings>, keyof typeof KEPT_IN_FILE>) {
      settings.value = { ...settings.value, ...patch };
    },
    async update(requested: Partial<Settings>) {
      // A token saved while the stored server is stranded is for the server in use: store that too.
      const patch =
        requested.accessToken !== undefined &&
        requested.proxyUrl === undefined &&
        stranded.peek() !== undefined
          ? { ...requested, proxyUrl: "" }
          : requested;
      settings.value = { ...settings.value, ...patch };
      try {
        await port.request("storage-set", { key: "settings", value: patch });
        saveError.value = null;
      } catch (caught) {
        saveError.value = toUiError(caught);
      }
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
