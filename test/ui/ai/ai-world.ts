// The AI tab below its view, with nothing faked: the real plugin over the Figma emulator, the local
// API over HTTP on 127.0.0.1 with the deterministic AI provider, the ui's client, work core, credits
// and settings, and the tab's own catalogue and form built as app-state builds them.

import { signal } from "@preact/signals";
import type { SelectionInfo } from "../../../src/messages/types";
import { createAiTab } from "../../../src/ui/ai/ai-tab";
import { createSettingsStore } from "../../../src/ui/settings/settings-store";
import { ScriptedProvider } from "../../local-api/scripted-provider";
import { type RunningLocalApi, startLocalApi } from "../../local-api/support";
import { headersOf, worker } from "../../local-api/work-support";
import type { Booted } from "../../plugin/harness";
import { openWindow } from "../work/work-world";

export const AI_CLIENTS = {
  app: worker("app"),
  /** A plan without AI: every operation listed unavailable, 403 entitlement_required. */
  basic: worker("basic", { capabilities: { converter: true, ai: false } }),
  /** Its AI switch is turned off by a test while a window is open. */
  toggled: worker("toggled"),
  /** Nothing left of the period's allowance. */
  spent: worker("spent", { credits: { allowance: 0, spend_ceiling: false } }),
};

export async function startAiService(): Promise<{ server: RunningLocalApi; provider: ScriptedProvider }> {
  const provider = new ScriptedProvider();
  const server = await startLocalApi({
    accounts: { clients: Object.values(AI_CLIENTS) },
    aiProvider: provider,
  });
  return { server, provider };
}

/** One plugin window with the AI tab: the selection kept current from the plugin, as app-state does. */
export async function openAiTab(booted: Booted, server: RunningLocalApi, client = "app") {
  const window = openWindow(booted, server, client);
  const settings = createSettingsStore(window.port);
  await settings.load();
  const selection = signal<SelectionInfo | null>(null);
  window.port.on("selection-changed", (info) => {
    selection.value = info;
  });
  const tab = createAiTab({ api: () => window.api, settings, selection, work: window.work });
  await tab.catalogue.ensure();
  await window.credits.refresh();
  return {
    ...window,
    settings,
    selection,
    ...tab,
    /** Reads the selection now (the plugin's event arrives a tick later). */
    async select(nodes: readonly unknown[]) {
      booted.page.selection = nodes as typeof booted.page.selection;
      selection.value = await window.port.request("get-selection", {});
    },
  };
}

export const credentials = (client: string) => headersOf(client);
