// The kept early `ready` response (early-ready.ts) read as the port would read an answer.

import type { ResponsePayload } from "../../messages/types";
import { PluginRequestError } from "../../messages/ui-port";
import type { EarlyReady } from "./early-ready";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/**
 * The early answer as the port would give it: the payload, or a PluginRequestError with the
 * plugin's reason, or a timeout like the port's when nobody answers (a plain browser).
 */
export function earlyReadyAnswer(early: EarlyReady, timeoutMs: number): Promise<ResponsePayload<"ready">> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new PluginRequestError({ reason: "timeout", message: "The plugin did not answer ready." })),
      timeoutMs,
    );
    void early.response.then((raw) => {
      clearTimeout(timer);
      const message = raw as Record<string, unknown>;
      if (message.ok === true && isRecord(message.payload)) {
        resolve(message.payload as unknown as ResponsePayload<"ready">);
        return;
      }
      const error = isRecord(message.error) ? message.error : {};
      reject(
        new PluginRequestError({
          reason:
            typeof error.reason === "string"
              ? (error.reason as PluginRequestError["reason"])
              : "invalid_message",
          message: typeof error.message === "string" ? error.message : "The plugin refused ready.",
        }),
      );
    });
  });
}
