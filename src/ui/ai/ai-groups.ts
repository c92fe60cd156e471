// The AI operations in the order a designer meets them: what can run here first, then what cannot,
// grouped by why, each group under one plain sentence that says what would enable it. The catalogue's
// own unavailable_reason is written for whoever runs the service ("needs an AI provider"), so the
// grouping reads facts instead: the plan's flag, and whether any model is offered for a generator.

import type { AiModel } from "../../api/client/method-results";
import type { AiOperation } from "../../api/contract/tables";
import type { MenuGroup } from "../work/OperationMenu";
import type { OfferedOperation } from "./ai-catalogue";
import { AI_LABELS, isUploadOperation, modelsFor } from "./ai-operations";

export type AiGroupKey = "ready" | "no-model" | "plan";

/**
 * Why a group cannot run, and what would let it: `note` over the group in the menu, `form` in the form
 * when one of them is chosen.
 */
export const AI_GROUP_NOTES: Readonly<
  Record<Exclude<AiGroupKey, "ready">, { title: string; note: string; form: string }>
> = {
  "no-model": {
    title: "Needs a generator",
    note: "This Assetport service has no image or 3D generator connected yet. Whoever set up Assetport for your team can connect one.",
    form: "Nothing can be generated here yet: this Assetport service has no generator connected. Whoever set up Assetport for your team can connect one.",
  },
  // The flag does not say whether the plan lacks it or this service cannot run it: both are named.
  plan: {
    title: "Not available here",
    note: "Your team's plan or this Assetport service does not offer these right now. An admin can turn them on.",
    form: "Your team's plan or this Assetport service does not offer this right now. An admin can turn it on.",
  },
};

/** Which group an operation falls in: a generator with no model cannot run whatever the plan says. */
export function aiGroupOf(offered: OfferedOperation, models: readonly AiModel[]): AiGroupKey {
  const { operation, entry } = offered;
  if (!isUploadOperation(operation) && modelsFor(models, operation).length === 0) return "no-model";
  return entry.available_on_your_plan === false ? "plan" : "ready";
}

const ORDER: readonly AiGroupKey[] = ["ready", "no-model", "plan"];

/** The menu's groups, each in the catalogue's order; empty groups are left out. */
export function aiMenuGroups(
  operations: readonly OfferedOperation[],
  models: readonly AiModel[],
): MenuGroup<AiOperation>[] {
  return ORDER.flatMap((key): MenuGroup<AiOperation>[] => {
    const rows = operations
      .filter((offered) => aiGroupOf(offered, models) === key)
      .map(({ operation }) => ({ value: operation, text: AI_LABELS[operation] }));
    if (rows.length === 0) return [];
    if (key === "ready") return [{ key, rows }];
    const { title, note } = AI_GROUP_NOTES[key];
    return [{ key, title, note, off: true, rows }];
  });
}

/** Why `offered` cannot run here, in the group's words; undefined when it can. */
export function aiCannotRun(offered: OfferedOperation, models: readonly AiModel[]): string | undefined {
  const key = aiGroupOf(offered, models);
  return key === "ready" ? undefined : AI_GROUP_NOTES[key].form;
}
