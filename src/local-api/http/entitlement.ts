// The plan checks shared by conversions, AI and reverse search, run only once a request is otherwise
// valid (spec behaviour 3: validation before entitlement): subscription first (422), then the
// capability in the plan and the app switch (403).

import { ApiError } from "../../api/contract/errors";
import type { Account } from "../accounts/accounts";

export type Capability = "converter" | "ai";

export function requireSubscription(account: Account): void {
  if (!account.subscription) {
    throw new ApiError(422, "subscription_required", "This client has no active API subscription.");
  }
}

/** Why the plan or the app switch keeps `capability` off, or undefined when it is on. */
export function capabilityOffReason(account: Account, capability: Capability): string | undefined {
  const what = capability === "converter" ? "conversion" : "AI";
  if (!account.capabilities[capability]) return `The plan does not include ${what}.`;
  if (!account.app_enabled[capability]) return `${what} is switched off for this app in the dashboard.`;
  return undefined;
}

export function entitlementRequired(message: string): ApiError {
  return new ApiError(403, "entitlement_required", message);
}
