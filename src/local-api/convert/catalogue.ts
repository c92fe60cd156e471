// What each conversion costs and whether a client may run it: the plan's converter capability, the
// app switch, and whether this server can run the operation at all (mp4 and webm need ffmpeg).

import { CONVERSION_OPERATIONS, CONVERSIONS, type ConversionOperation } from "../../api/contract/tables";
import type { Account } from "../accounts/accounts";
import { availableConversions } from "../engines";
import { capabilityOffReason } from "../http/entitlement";

/** Credits per call (the spec shows no figures): renders cost more than still conversions. */
export const CONVERSION_CREDIT_COSTS: Record<ConversionOperation, number> = {
  "png-to-jpg": 1,
  "jpg-to-png": 1,
  "svg-to-png": 1,
  "svg-to-jpg": 1,
  "svg-to-pdf": 1,
  "lottie-optimize": 1,
  "lottie-to-dotlottie": 1,
  "svg-to-lottie": 2,
  "lottie-to-gif": 3,
  "lottie-to-webp": 3,
  "lottie-to-mp4": 5,
  "lottie-to-webm": 5,
};

export function isConversionOperation(name: string): name is ConversionOperation {
  return Object.hasOwn(CONVERSIONS, name);
}

/** Why `account` cannot run `operation` here, or undefined when it can. */
export function conversionUnavailableReason(
  account: Account,
  operation: ConversionOperation,
): string | undefined {
  const off = capabilityOffReason(account, "converter");
  if (off) return off;
  const server = availableConversions()[operation];
  return server.available
    ? undefined
    : `${operation} is unavailable: ${server.reason ?? "not supported here"}`;
}

export function conversionCatalogue(account: Account) {
  return {
    operations: CONVERSION_OPERATIONS.map((operation) => {
      const { input, output, mode } = CONVERSIONS[operation];
      const why = conversionUnavailableReason(account, operation);
      return {
        operation,
        input,
        output,
        mode,
        credit_cost: CONVERSION_CREDIT_COSTS[operation],
        available_on_your_plan: why === undefined,
        ...(why ? { unavailable_reason: why } : {}),
      };
    }),
    max_upload_kb: account.max_upload_kb,
  };
}
