// @vitest-environment happy-dom
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ERROR_REASONS } from "../../src/api/contract/tables";
import { copyFor, PLUGIN_REASONS, SERVICE_REASONS } from "../../src/ui/errors/reasons";
import { toUiError } from "../../src/ui/errors/ui-error";
import { failure, PROXY, type Route, searchRoute } from "./support/fake-service";
import { fakeLayout, mountApp, settle } from "./support/mount";
import { creditsRoute } from "./support/routes";

const ctx = { message: "service says so.", proxyUrl: PROXY };

/** Search fails with `reason` the first `times` times, then succeeds. */
function failingSearch(
  status: number,
  reason: string,
  times: number,
  headers: Record<string, string> = {},
): Route {
  let left = times;
  const ok = searchRoute(5);
  return (url, request) => {
    if (url.pathname !== "/v3/search") return undefined;
    if (left-- > 0) return failure(status, reason, headers);
    return ok(url, request);
  };
}

describe("error reasons", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
    vi.useRealTimers();
  });

  it("speaks a designer's words: no proxy, commands, variable names or status codes", () => {
    const all = [...SERVICE_REASONS, ...PLUGIN_REASONS];
    for (const servers of [1, 2]) {
      for (const reason of all) {
        const copy = copyFor(reason, { servers });
        const text = `${copy.title} ${copy.body({ ...ctx, message: "", servers })} ${copy.actionLabel ?? ""}`;
        expect(text, reason).not.toMatch(
          /proxy|npm|PROXY_|_TOKENS?\b|\b[45]\d\d\b|returned|slug|bytes|API client/i,
        );
      }
    }
  });

  it("has words and an action for every reason of the contract, ours, offline and the plugin's", () => {
    const ours = ["offline", "image_forgotten", "file_not_kept", "asset_without_id", "drop_position_unknown"];
    const all = [...ERROR_REASONS, ...ours, ...PLUGIN_REASONS];
    expect(new Set(SERVICE_REASONS)).toEqual(new Set([...ERROR_REASONS, ...ours, "poll_timeout"]));
    const titles = new Set<string>();
    for (const reason of all) {
      const copy = copyFor(reason);
      expect(copy.title, reason).toMatch(/\w{3}/);
      expect(copy.body(ctx), reason).toMatch(/\w{3}.*\./);
      expect(copy.body(ctx), reason).not.toMatch(/[{}]|undefined/);
      if (copy.action !== "dismiss") expect(copy.actionLabel, reason).toBeTruthy();
      if (reason !== "internal_error") titles.add(copy.title);
    }
    // Distinct words per reason (internal_error is shared by both tables on purpose).
    expect(titles.size).toBe(all.length - 2);
  });

  it("says what each plan problem lacks, and sends token problems to settings", () => {
    expect(copyFor("subscription_required").body(ctx)).toMatch(/no active subscription/);
    expect(copyFor("entitlement_required").body(ctx)).toMatch(/does not include it.*switched off/);
    expect(copyFor("asset_not_covered").body({ ...ctx, assetType: "3d" })).toMatch(
      /does not include 3d assets/,
    );
    expect(copyFor("invalid_credentials").action).toBe("settings");
    expect(copyFor("quota_exhausted").body({ ...ctx, periodEnd: "2026-12-01" })).toMatch(
      /ends on 2026-12-01/,
    );
    expect(copyFor("rate_limit_exceeded").body({ ...ctx, retryAfterSeconds: 7 })).toMatch(/in 7 s/);
    expect(copyFor("no_such_reason").title).toBe(copyFor("internal_error").title);
  });

  it("tells a fetch that never got an answer as the proxy being unreachable, or offline", () => {
    expect(toUiError(new TypeError("Failed to fetch")).reason).toBe("network_error");
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    expect(toUiError(new TypeError("Failed to fetch")).reason).toBe("offline");
    online.mockRestore();
    expect(toUiError(new DOMException("x", "AbortError")).reason).toBe("aborted");
  });

  it("shows an unreachable server without its raw address, and a way to settings", async () => {
    const down: Route = () => Promise.reject(new TypeError("Failed to fetch"));
    // A build for two servers: Settings has another to choose.
    const ui = await mountApp({ routes: [down], proxyUrls: [PROXY, "https://other.example.org"] });
    const alert = ui.container.querySelector('[role="alert"]');
    expect(alert?.getAttribute("data-reason")).toBe("network_error");
    expect(alert?.textContent).toContain("The server cannot be reached");
    // The address is for whoever set Assetport up, in Settings; a designer reads no URL here.
    expect(alert?.textContent).not.toContain(PROXY);
    expect(alert?.textContent).not.toMatch(/https?:/);
    expect(alert?.textContent).not.toContain("npm start");
    expect(alert?.textContent).toContain("choose another server in Settings");
    // No field to type an address into exists (Figma would block it): the message sends nobody there.
    expect(alert?.textContent).not.toContain("Proxy URL");
    const button = [...(alert?.querySelectorAll("button") ?? [])].find(
      (b) => b.textContent === "Open settings",
    );
    await act(() => button?.click());
    expect(ui.container.querySelector("#settings-title")).not.toBeNull();
    ui.unmount();
  });

  it("offers Try again, not Settings, for an unreachable server of a one-server build", async () => {
    let down = true;
    const ok = searchRoute(5);
    const flaky: Route = (url, request) =>
      down ? Promise.reject(new TypeError("Failed to fetch")) : ok(url, request);
    const ui = await mountApp({ routes: [flaky] });
    const alert = () => ui.container.querySelector('[role="alert"]');
    expect(alert()?.getAttribute("data-reason")).toBe("network_error");
    // Settings has no server to change in this build: neither the button nor the words send one there.
    expect(alert()?.textContent).not.toContain("Settings");
    expect(alert()?.textContent).toContain("ask whoever set up Assetport");
    const buttons = [...(alert()?.querySelectorAll("button") ?? [])].map((b) => b.textContent);
    expect(buttons).not.toContain("Open settings");
    const retry = [...(alert()?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "Try again");
    expect(retry).toBeDefined();
    down = false;
    await act(() => retry?.click());
    await settle();
    expect(alert()).toBeNull();
    expect(ui.container.querySelector("#settings-title")).toBeNull();
    ui.unmount();
  });

  it("sends a server that answers like no proxy to Settings only when there is another", () => {
    for (const reason of ["network_error", "invalid_response", "not_found"]) {
      expect(copyFor(reason, { servers: 2 }).action, reason).toBe("settings");
      expect(copyFor(reason, { servers: 1 }).action, reason).toBe("retry");
      expect(copyFor(reason, { servers: 1 }).body({ ...ctx, servers: 1 }), reason).not.toContain("Settings");
    }
  });

  it("opens settings for a wrong token", async () => {
    const ui = await mountApp({ routes: [failingSearch(401, "invalid_credentials", 1)] });
    const alert = ui.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain("The access token was refused");
    expect(alert?.textContent).toContain("your team's access token");
    const settings = [...(alert?.querySelectorAll("button") ?? [])].find(
      (b) => b.textContent === "Open settings",
    );
    await act(() => settings?.click());
    expect(ui.container.querySelector('input[name="accessToken"]')).not.toBeNull();
    ui.unmount();
  });

  it("counts Retry-After down on a rate limit, then retries by itself", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const mounting = mountApp({
      routes: [failingSearch(429, "rate_limit_exceeded", 1, { "retry-after": "3" })],
    });
    await vi.advanceTimersByTimeAsync(50);
    const ui = await mounting;
    const text = () => ui.container.querySelector('[role="alert"]')?.textContent ?? "";
    expect(text()).toContain("Trying again in 3 s");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(text()).toContain("Trying again in 2 s");
    expect(ui.service.searches()).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(ui.service.searches()).toHaveLength(2);
    expect(ui.container.querySelector('[role="alert"]')).toBeNull();
    expect(ui.container.querySelectorAll('[role="gridcell"]')).toHaveLength(5);
    ui.unmount();
  });

  it("says spent credits last until the period ends, with the date from /v3/credits", async () => {
    const ui = await mountApp({
      routes: [failingSearch(429, "quota_exhausted", 1), creditsRoute("2026-12-14")],
    });
    await settle();
    const alert = ui.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain("Credits are spent for this period");
    expect(alert?.textContent).toContain("until the billing period ends on 2026-12-14");
    expect(alert?.querySelector(".button")).toBeNull(); // nothing to retry: waiting does not help
    ui.unmount();
  });

  it("offers to clear filters when the service refuses the search", async () => {
    const ui = await mountApp({ routes: [failingSearch(400, "invalid_request", 2)] });
    await act(() => {
      ui.app.filters.styles.value = ["line"];
    });
    await settle();
    const button = [...ui.container.querySelectorAll('[role="alert"] .button')].find(
      (b): b is HTMLButtonElement => b.textContent === "Clear filters",
    );
    expect(button).toBeDefined();
    await act(() => button?.click());
    await settle();
    expect(ui.app.filters.styles.value).toEqual([]);
    ui.unmount();
  });
});
