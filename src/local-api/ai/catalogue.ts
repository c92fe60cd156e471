// The AI operations as this server offers them: whether each takes an image (image_input), what it
// costs, and whether a client may use it (plan capability, app switch, and someone to do the work:
// vectorize and remove-background run here; the rest need an AiProvider).

import { AI_OPERATIONS, type AiOperation, type ImageInput } from "../../api/contract/tables";
import type { Account } from "../accounts/accounts";
import { capabilityOffReason } from "../http/entitlement";
import type { AiModel, AiProvider } from "./provider";

export const AI_IMAGE_INPUT: Record<AiOperation, ImageInput> = {
  "text-to-image": "optional",
  "image-to-image": "required",
  "text-to-3d": "none",
  "image-to-3d": "required",
  vectorize: "required",
  "remove-background": "required",
  "smart-group": "required",
};

/** Operations this server runs itself with its own engines. */
export const LOCAL_AI_OPERATIONS: readonly AiOperation[] = ["vectorize", "remove-background"];

/** Credits per task of the operations priced per operation (generation is priced per model). */
export const UPLOAD_CREDIT_COSTS: Partial<Record<AiOperation, number>> = {
  vectorize: 2,
  "remove-background": 2,
  "smart-group": 2,
};

/** What a generative operation costs when no model says otherwise (catalogue display only). */
const GENERATIVE_LIST_COSTS: Partial<Record<AiOperation, number>> = {
  "text-to-image": 4,
  "image-to-image": 4,
  "text-to-3d": 10,
  "image-to-3d": 10,
};

export function isAiOperation(name: string): name is AiOperation {
  return (AI_OPERATIONS as readonly string[]).includes(name);
}

export function modelsFor(provider: AiProvider | undefined, operation: AiOperation): AiModel[] {
  return provider?.models.filter((model) => model.operations.includes(operation)) ?? [];
}

/** Credits per task: the model's for generation, the operation's for uploads. */
export function aiCreditCost(
  provider: AiProvider | undefined,
  operation: AiOperation,
  model?: string,
): number {
  const priced = UPLOAD_CREDIT_COSTS[operation];
  if (priced !== undefined) {
    return operation === "smart-group" ? (provider?.smartGroupCredits ?? priced) : priced;
  }
  const offered = modelsFor(provider, operation);
  const chosen = offered.find((entry) => entry.model === model);
  if (chosen) return chosen.credit_cost;
  const cheapest = Math.min(...offered.map((entry) => entry.credit_cost));
  return Number.isFinite(cheapest) ? cheapest : (GENERATIVE_LIST_COSTS[operation] ?? 0);
}

/** Why `account` cannot use `operation` on this server, or undefined when it can. */
export function aiUnavailableReason(
  account: Account,
  provider: AiProvider | undefined,
  operation: AiOperation,
): string | undefined {
  const off = capabilityOffReason(account, "ai");
  if (off) return off;
  if (LOCAL_AI_OPERATIONS.includes(operation)) return undefined;
  if (!provider?.operations.includes(operation)) {
    return `${operation} needs an AI provider, and this local server has none configured.`;
  }
  return undefined;
}

export function aiCatalogue(account: Account, provider: AiProvider | undefined) {
  return {
    operations: AI_OPERATIONS.map((operation) => {
      const why = aiUnavailableReason(account, provider, operation);
      return {
        operation,
        image_input: AI_IMAGE_INPUT[operation],
        credit_cost: aiCreditCost(provider, operation),
        available_on_your_plan: why === undefined,
        ...(why ? { unavailable_reason: why } : {}),
      };
    }),
    max_upload_kb: account.max_upload_kb,
  };
}

export function aiModels(provider: AiProvider | undefined) {
  return {
    models: (provider?.models ?? []).map(({ model, name, operations, credit_cost }) => ({
      model,
      name,
      operations: [...operations],
      credit_cost,
    })),
  };
}
