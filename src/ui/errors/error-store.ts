// The one error the ui is showing, with its words from the reasons table and the action's state:
// rate limits count Retry-After down and retry by themselves; spent credits look up when the
// billing period ends.

import { computed, signal } from "@preact/signals";
import { copyFor, type ReasonAction } from "./reasons";
import type { UiError } from "./ui-error";

export interface CreditsApi {
  credits(): Promise<{ credits: { period_end?: unknown } }>;
}

export interface ErrorStoreOptions {
  proxyUrl: () => string;
  /** For quota_exhausted and credit_limit_reached: when the period rolls over. */
  credits?: () => CreditsApi;
  /** How many servers the build offers: Settings helps a failing server only when there are several. */
  servers?: () => number;
  /** Used when a 429 comes without Retry-After. */
  defaultWaitSeconds?: number;
}

export interface Notice {
  reason: string;
  title: string;
  body: string;
  /** The thing that gets past the problem: its button comes first. */
  action: ReasonAction;
  actionLabel?: string;
  /**
   * Try again beside an action that is not itself a retry (Open settings, Clear filters): offered
   * when the notice came with something to run again and running it again can succeed.
   */
  retry: boolean;
}

interface Shown {
  error: UiError;
  retry?: () => void;
  assetType?: string;
}

/** Actions that run the callback the notice was shown with. */
const ACTS_BY_CALLBACK: readonly ReasonAction[] = ["retry", "wait-retry", "search-name"];

export function createErrorStore(options: ErrorStoreOptions) {
  const shown = signal<Shown | null>(null);
  const secondsLeft = signal(0);
  const periodEnd = signal<string | undefined>(undefined);
  let ticker: ReturnType<typeof setInterval> | undefined;

  function stopTicker() {
    clearInterval(ticker);
    ticker = undefined;
  }

  function dismiss() {
    stopTicker();
    shown.value = null;
  }

  function retryNow() {
    const current = shown.peek();
    dismiss();
    current?.retry?.();
  }

  async function lookUpPeriodEnd() {
    try {
      const answer = await options.credits?.().credits();
      if (typeof answer?.credits.period_end === "string") periodEnd.value = answer.credits.period_end;
    } catch {
      // The notice already says "until the billing period ends"; the date only refines it.
    }
  }

  const notice = computed<Notice | null>(() => {
    const current = shown.value;
    if (!current) return null;
    const servers = options.servers?.() ?? 1;
    const copy = copyFor(current.error.reason, { servers });
    const wait = copy.action === "wait-retry" ? secondsLeft.value : current.error.retryAfterSeconds;
    const action = ACTS_BY_CALLBACK.includes(copy.action) && !current.retry ? "dismiss" : copy.action;
    return {
      reason: current.error.reason,
      title: copy.title,
      body: copy.body({
        message: current.error.message,
        proxyUrl: options.proxyUrl(),
        servers,
        ...(periodEnd.value ? { periodEnd: periodEnd.value } : {}),
        ...(current.assetType ? { assetType: current.assetType } : {}),
        ...(wait !== undefined ? { retryAfterSeconds: wait } : {}),
      }),
      // Without a callback, a retry or search button would do nothing: the notice only closes.
      action,
      ...(copy.actionLabel ? { actionLabel: copy.actionLabel } : {}),
      retry: !!current.retry && copy.retryHelps && !ACTS_BY_CALLBACK.includes(action),
    };
  });

  return {
    notice,
    secondsLeft,
    periodEnd,
    show(error: UiError, extra: { retry?: () => void; assetType?: string } = {}) {
      if (error.reason === "aborted") return;
      stopTicker();
      shown.value = { error, ...extra };
      const copy = copyFor(error.reason);
      if (copy.action === "wait-retry" && extra.retry) {
        secondsLeft.value = Math.max(
          0,
          Math.ceil(error.retryAfterSeconds ?? options.defaultWaitSeconds ?? 5),
        );
        ticker = setInterval(() => {
          secondsLeft.value = Math.max(0, secondsLeft.peek() - 1);
          if (secondsLeft.peek() === 0) retryNow();
        }, 1000);
      }
      if (error.reason === "quota_exhausted" || error.reason === "credit_limit_reached")
        void lookUpPeriodEnd();
    },
    dismiss,
    retryNow,
  };
}

export type ErrorStore = ReturnType<typeof createErrorStore>;
