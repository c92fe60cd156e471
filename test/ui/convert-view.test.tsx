// @vitest-environment happy-dom
// The Convert tab and the credit meter as a designer reads them, over the scripted proxy: what the
// plan lacks and why, the cost before running with a warning past the allowance, and a refusal for
// spent credits explained with the day the period rolls over.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConvertView } from "../../src/ui/convert/ConvertView";
import { Tabs } from "../../src/ui/tabs/Tabs";
import { failure, json, PROXY, type Route, searchRoute } from "./support/fake-service";
import { fakeLayout, mountApp, mountView, settle } from "./support/mount";

const PERIOD_END = "2026-12-14";

const creditsRoute =
  (remaining: number): Route =>
  (url) =>
    url.pathname === "/v3/credits"
      ? json({
          credits: {
            allowance: 500,
            used: 500 - remaining,
            remaining,
            period_start: "2026-11-15",
            period_end: PERIOD_END,
          },
        })
      : undefined;

const operationsRoute: Route = (url) => {
  if (url.pathname !== "/v3/convert/operations") return undefined;
  const entry = (operation: string, credit_cost: number, available = true, unavailable_reason?: string) => ({
    operation,
    credit_cost,
    available_on_your_plan: available,
    ...(unavailable_reason ? { unavailable_reason } : {}),
  });
  return json({
    operations: [
      entry("svg-to-png", 1),
      entry("lottie-to-gif", 3),
      entry("lottie-to-mp4", 5, false, "this server cannot encode video"),
    ],
    max_upload_kb: 64,
  });
};

/** The Convert tab alone, with its stores (and the tabs row, where the meter is). */
function openConvert(routes: Route[]) {
  return mountView({ routes: [searchRoute(0), ...routes] }, (app) => (
    <>
      <Tabs view={app.view} credits={app.credits} />
      <ConvertView convert={app.convert} runs={app} />
    </>
  ));
}

/** The whole window on the Convert tab: for what depends on switching tabs. */
async function openConvertInWindow(routes: Route[], proxyUrls?: string[]) {
  const ui = await mountApp({ routes: [searchRoute(0), ...routes], ...(proxyUrls ? { proxyUrls } : {}) });
  await act(() => {
    ui.app.view.value = "convert";
  });
  await settle();
  return ui;
}

function choose(container: HTMLElement, operation: string) {
  const select = container.querySelector<HTMLSelectElement>('select[name="operation"]')!;
  return act(() => {
    select.value = operation;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

function pickFile(container: HTMLElement, file: File) {
  const input = container.querySelector<HTMLInputElement>('input[name="file"]')!;
  Object.defineProperty(input, "files", { configurable: true, value: [file] });
  return act(() => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

const runButton = (container: HTMLElement) =>
  [...container.querySelectorAll("button")].find((b) => b.textContent?.startsWith("Convert to "))!;

describe("the Convert tab", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("shows the credits left in the tabs row, the period's end in its title", async () => {
    const ui = await openConvert([creditsRoute(120), operationsRoute]);
    const meter = ui.container.querySelector('[data-testid="credit-meter"]');
    expect(meter?.textContent).toBe("120 credits left");
    expect(meter?.getAttribute("title")).toContain(PERIOD_END);
    ui.unmount();
  });

  it("reads the catalogue once per proxy: again when the tab is shown after the proxy changed", async () => {
    // A build for two proxies: the designer switches to the second one in Settings.
    const ui = await openConvertInWindow(
      [creditsRoute(120), operationsRoute],
      [PROXY, "http://127.0.0.1:8790"],
    );
    const reads = () => ui.service.requests.filter((r) => r.url.endsWith("/v3/convert/operations")).length;
    await act(() => {
      ui.app.view.value = "search";
    });
    await act(() => {
      ui.app.view.value = "convert";
    });
    await settle();
    expect(reads()).toBe(1);
    await act(() => ui.app.settings.update({ proxyUrl: "http://127.0.0.1:8790" }));
    await act(() => {
      ui.app.view.value = "search";
    });
    await act(() => {
      ui.app.view.value = "convert";
    });
    await settle();
    expect(reads()).toBe(2);
    ui.unmount();
  });

  it("lists the twelve conversions, says which the plan lacks and why, and will not run those", async () => {
    const ui = await openConvert([creditsRoute(120), operationsRoute]);
    const options = [...ui.container.querySelectorAll('select[name="operation"] option')];
    expect(options).toHaveLength(12);
    // The cost is said once, where the button is (the footer), not again in the dropdown.
    expect(options.find((o) => o.getAttribute("value") === "lottie-to-mp4")?.textContent).toBe(
      "Lottie to MP4 · not on your plan",
    );
    expect(options.filter((o) => /credit/.test(o.textContent ?? ""))).toEqual([]);
    await choose(ui.container, "lottie-to-mp4");
    await pickFile(ui.container, new File(["{}"], "anim.json", { type: "application/json" }));
    expect(ui.container.querySelector('[data-testid="unavailable"]')?.textContent).toContain(
      "this server cannot encode video",
    );
    expect(runButton(ui.container).disabled).toBe(true);
    ui.unmount();
  });

  it("shows the cost before running, and warns when it passes what is left", async () => {
    const ui = await openConvert([creditsRoute(2), operationsRoute]);
    const cost = () => ui.container.querySelector('[data-testid="cost"]');
    // The cost only: the balance is the header pill's, not said twice.
    expect(cost()?.textContent).toBe("Costs 1 credit");
    // Said once in the tab: no other line names the cost.
    expect(ui.container.querySelector(".convert")?.textContent?.match(/\d+ credits?/g)).toEqual(["1 credit"]);
    // Cost and button share the footer row, as in the AI tab.
    const footer = ui.container.querySelector('[data-testid="run-footer"]');
    expect(footer?.contains(cost()!)).toBe(true);
    expect(footer?.querySelector("button")?.textContent).toMatch(/^Convert to /);
    // No line under the dropdown repeats the conversion it shows ("SVG to PNG").
    expect(ui.container.querySelector(".convert__what")).toBeNull();
    await choose(ui.container, "lottie-to-gif");
    expect(cost()?.textContent).toContain("Costs 3 credits");
    expect(cost()?.querySelector(".cost__line")?.textContent).toBe("Costs 3 credits");
    expect(cost()?.querySelector('[role="alert"]')?.textContent).toContain(`renew after ${PERIOD_END}`);
    ui.unmount();
  });

  it("refuses a file above the plan's upload limit before sending it", async () => {
    const ui = await openConvert([creditsRoute(120), operationsRoute]);
    await choose(ui.container, "lottie-to-gif");
    await pickFile(ui.container, new File(["x".repeat(65 * 1024)], "big.json", { type: "application/json" }));
    expect(ui.container.textContent).toContain("larger than the plan's 64 KB upload limit");
    expect(runButton(ui.container).disabled).toBe(true);
    ui.unmount();
  });

  it("explains spent credits with the day the period rolls over, and that nothing was charged", async () => {
    const convertRoute: Route = (url) =>
      url.pathname === "/v3/convert/lottie-to-gif" ? failure(429, "quota_exhausted") : undefined;
    const ui = await openConvert([creditsRoute(0), operationsRoute, convertRoute]);
    await choose(ui.container, "lottie-to-gif");
    await pickFile(ui.container, new File(["{}"], "anim.json", { type: "application/json" }));
    await act(() => runButton(ui.container).click());
    await settle(6);
    const run = ui.container.querySelector(".work-run");
    expect(run?.textContent).toContain("Credits are spent for this period");
    expect(run?.textContent).toContain(`until the billing period ends on ${PERIOD_END}`);
    expect(run?.textContent).toContain("Not charged");
    const sent = ui.service.requests.filter((r) => r.url.endsWith("/v3/convert/lottie-to-gif"));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get("idempotency-key")).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    ui.unmount();
  });

  it("offers Run again on a run that failed for nothing of the designer's doing, and sends it afresh", async () => {
    let failures = 1;
    const convertRoute: Route = (url) => {
      if (url.pathname !== "/v3/convert/svg-to-png") return undefined;
      if (failures-- > 0) return failure(500, "conversion_failed");
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        headers: { "content-type": "image/png" },
      });
    };
    const ui = await openConvert([creditsRoute(120), operationsRoute, convertRoute]);
    await act(() => {
      ui.app.convert.store.source.value = "file";
    });
    await pickFile(ui.container, new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }));
    await act(() => runButton(ui.container).click());
    await settle(6);
    const again = () =>
      [...ui.container.querySelectorAll<HTMLButtonElement>(".work-run button")].find(
        (b) => b.textContent === "Run again",
      );
    expect(ui.container.querySelector(".work-run")?.textContent).toContain("The conversion could not finish");
    expect(again()).toBeDefined();
    await act(() => again()?.click());
    await settle(6);
    const runs = [...ui.container.querySelectorAll(".work-run")];
    expect(runs).toHaveLength(1);
    expect(runs[0]?.querySelector('[data-testid="work-status"]')?.textContent).toBe("Done");
    expect(again()).toBeUndefined();
    const keys = ui.service.requests
      .filter((r) => r.url.endsWith("/v3/convert/svg-to-png"))
      .map((r) => r.headers.get("idempotency-key"));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    ui.unmount();
  });

  it("offers no Run again where running it again cannot help (credits spent)", async () => {
    const convertRoute: Route = (url) =>
      url.pathname === "/v3/convert/svg-to-png" ? failure(429, "quota_exhausted") : undefined;
    const ui = await openConvert([creditsRoute(0), operationsRoute, convertRoute]);
    await act(() => {
      ui.app.convert.store.source.value = "file";
    });
    await pickFile(ui.container, new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }));
    await act(() => runButton(ui.container).click());
    await settle(6);
    expect(ui.container.querySelector(".work-run")?.textContent).toContain("Credits are spent");
    const labels = [...ui.container.querySelectorAll(".work-run button")].map((b) => b.textContent);
    expect(labels).not.toContain("Run again");
    ui.unmount();
  });
});
