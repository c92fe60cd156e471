// figma.notify: the notices the plugin shows, as Figma shows them, kept for the test to read.

/**
 * Figma's limit on a notice (typings, figma.notify: "limited to 100 characters. Longer messages will
 * be truncated"). A guess: "characters" read as UTF-16 units, and the cut made with no ellipsis.
 */
export const NOTIFY_MAX = 100;

export interface Notification {
  /** As Figma shows it: cut at NOTIFY_MAX. */
  message: string;
  /** The plugin passed more than Figma shows (`message` lost its end). */
  truncated: boolean;
  error: boolean;
  timeout?: number;
  /** The action button; a test "clicks" it by calling `action`. */
  button?: NotificationOptions["button"];
  /** Taken down by the plugin through the handle notify() returned. */
  cancelled?: boolean;
}

/** figma.notify, recording each notice in `notifications`. */
export function notifyInto(notifications: Notification[]) {
  return function notify(message: string, opts?: NotificationOptions) {
    const text = String(message);
    const shown: Notification = {
      message: text.slice(0, NOTIFY_MAX),
      truncated: text.length > NOTIFY_MAX,
      error: opts?.error ?? false,
      timeout: opts?.timeout,
      ...(opts?.button ? { button: opts.button } : {}),
    };
    notifications.push(shown);
    return {
      cancel() {
        shown.cancelled = true;
      },
    };
  };
}
