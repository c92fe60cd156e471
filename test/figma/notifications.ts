// figma.notify: the notices the plugin shows, kept for the test to read.

export interface Notification {
  message: string;
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
    const shown: Notification = {
      message: String(message),
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
