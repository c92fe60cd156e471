// The AI operations in the order a designer meets them: what can run here first, then what cannot,
// each a disabled row saying "Not set up", the detail in its tooltip. The catalogue's
// own unavailable_reason is written for whoever runs the service ("needs an AI provider"), so the
// grouping reads facts instead: the plan's flag, and whether any model is offered for a generator.

import type { AiModel } from "../../api/client/method-results";
import type { AiOperation } from "../../api/contract/tables";
import type { MenuGroup, MenuRow } from "../work/OperationMenu";
import type { OfferedOperation } from "./ai-catalogue";
import { AI_LABELS, isUploadOperation, modelsFor } from "./ai-operations";

export type AiGroupKey = "ready" | "no-model" | "plan";

/**
 * Why an operation cannot run, for a designer: `hint` at the right of its menu row, `detail` in the
 * row's tooltip. Said once per row, short; what would enable it is in the detail.
 */
export const AI_UNAVAILABLE: Readonly<
  Record<Exclude<AiGroupKey, "ready">, { hint: string; detail: string }>
> = {
  "no-model": {
    hint: "Not set up",
    detail:
      "Image and 3D generation needs a generator connected to Assetport. Ask whoever set up Assetport for your team to connect one.",
  },
  // The flag does not say whether the plan lacks it or this service cannot run it: both are named.
  plan: {
    hint: "Not set up",
    detail: "Not included in your team's plan or Assetport service yet. An admin can turn it on.",
  },
};

/** The tab's empty state when nothing offered can run here: a short title, one line, and the fix. */
export interface AiUnavailable {
  title: string;
  body: string;
}

/** Which group an operation falls in: a generator with no model cannot run whatever the plan says. */
export function aiGroupOf(offered: OfferedOperation, models: readonly AiModel[]): AiGroupKey {
  const { operation, entry } = offered;
  if (!isUploadOperation(operation) && modelsFor(models, operation).length === 0) return "no-model";
  return entry.available_on_your_plan === false ? "plan" : "ready";
}

/**
 * The menu: what can run here first, then, under a separating line, what cannot, each a plain
 * disabled row with its hint and detail. Each part keeps the catalogue's order; an empty part is left out.
 */
export function aiMenuGroups(
  operations: readonly OfferedOperation[],
  models: readonly AiModel[],
): MenuGroup<AiOperation>[] {
  const ready: MenuRow<AiOperation>[] = [];
  const off: MenuRow<AiOperation>[] = [];
  for (const offered of operations) {
    const key = aiGroupOf(offered, models);
    const text = AI_LABELS[offered.operation];
    if (key === "ready") ready.push({ value: offered.operation, text });
    else off.push({ value: offered.operation, text, disabled: AI_UNAVAILABLE[key] });
  }
  return [
    ...(ready.length ? [{ key: "ready", rows: ready }] : []),
    ...(off.length ? [{ key: "unavailable", off: true, rows: off }] : []),
  ];
}

/** Why `offered` cannot run here, in a designer's words; undefined when it can. */
export function aiCannotRun(offered: OfferedOperation, models: readonly AiModel[]): string | undefined {
  const key = aiGroupOf(offered, models);
  return key === "ready" ? undefined : AI_UNAVAILABLE[key].detail;
}

/**
 * What the tab says instead of a form when nothing it offers can run here; undefined while something
 * can. Generators without a model are named as image generation; anything else as the AI tools.
 */
export function aiUnavailable(
  operations: readonly OfferedOperation[],
  models: readonly AiModel[],
): AiUnavailable | undefined {
  if (operations.length === 0) return undefined;
  const keys = operations.map((offered) => aiGroupOf(offered, models));
  if (keys.includes("ready")) return undefined;
  return keys.every((key) => key === "no-model")
    ? {
        title: "Image generation is not set up",
        body: "Ask whoever set up Assetport for your team to connect an image generator.",
      }
    : {
        title: "AI tools are not set up",
        body: "Your team's plan or Assetport service does not include them yet. An admin can turn them on.",
      };
}
