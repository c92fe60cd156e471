// @vitest-environment happy-dom
// The Convert tab and the credit meter as a designer reads them, over the scripted proxy: what the
// plan lacks and why, the cost before running with a warning past the allowance, and a refusal for
// spent credits explained with the day the period rolls over.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ConvertView } from "../../src/ui/convert/ConvertView";
import { Tabs } from "../../src/ui/tabs/Tabs";
import { fakePlugin, selectionOf } from "./support/fake-plugin";
import { failure, heldAnswer, json, PROXY, type Route, searchRoute } from "./support/fake-service";
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
      <ConvertView convert={app.convert} runs={app} batch={app.batch} />
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

const menuButton = (container: HTMLElement) =>
  container.querySelector<HTMLButtonElement>(".convert-operation button[aria-haspopup]")!;

/** Picks a conversion from the tab's own menu, as a designer does: open it, click the row. */
async function choose(container: HTMLElement, operation: string) {
  await act(() => menuButton(container).click());
  await act(() =>
    container
      .querySelector<HTMLElement>(`.convert-operation .menu__item[data-value="${operation}"]`)!
      .click(),
  );
}

/** The menu's groups as a designer reads them, read with the menu open, which is closed again. */
async function menuGroups(container: HTMLElement) {
  await act(() => menuButton(container).click());
  const groups = [...container.querySelectorAll<HTMLElement>(".convert-operation .op-menu__group")].map(
    (group) => ({
      title: group.querySelector(".op-menu__title")?.textContent ?? null,
      note: group.querySelector(".op-menu__note")?.textContent ?? null,
      rows: [...group.querySelectorAll<HTMLElement>(".menu__item")].map((row) => [
        row.dataset.value,
        row.textContent,
      ]),
    }),
  );
  await act(() => menuButton(container).click());
  return groups;
}

function pickFile(container: HTMLElement, file: File) {
  const input = container.querySelector<HTMLInputElement>('input[name="file"]')!;
  Object.defineProperty(input, "files", { configurable: true, value: [file] });
  return act(() => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

const runButton = (container: HTMLElement) =>
  container.querySelector<HTMLButtonElement>('[data-testid="run-footer"] button')!;

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

  it("leads with what Figma's Export cannot make, names each in words, and groups what cannot run", async () => {
    const ui = await openConvert([creditsRoute(120), operationsRoute]);
    expect(ui.container.querySelector("select")).toBeNull();
    expect(await menuGroups(ui.container)).toEqual([
      {
        title: "Beyond Figma's Export",
        note: null,
        rows: [
          ["lottie-to-gif", "Animated GIF from Lottie"],
          ["svg-to-lottie", "Lottie animation from SVG"],
          ["lottie-to-dotlottie", "dotLottie from Lottie"],
          ["lottie-to-webm", "WebM video from Lottie"],
          ["lottie-to-webp", "Animated WebP from Lottie"],
          ["lottie-optimize", "Smaller Lottie"],
        ],
      },
      {
        title: "Also in Figma's Export",
        note: null,
        rows: [
          ["svg-to-png", "PNG from SVG"],
          ["svg-to-jpg", "JPG from SVG"],
          ["svg-to-pdf", "PDF from SVG"],
          ["png-to-jpg", "JPG from PNG"],
          ["jpg-to-png", "PNG from JPG"],
        ],
      },
      {
        title: "Not available here",
        note: "Your team's plan or this Assetport service does not offer these right now. An admin can turn them on.",
        rows: [["lottie-to-mp4", "MP4 video from Lottie"]],
      },
    ]);
    // The tab opens on the first of them, and no operation id is shown anywhere.
    expect(ui.container.querySelector('[data-testid="convert-operation"]')?.textContent).toBe(
      "Animated GIF from Lottie",
    );
    expect(ui.container.textContent).not.toMatch(/[a-z]+-to-[a-z]+|not on your plan/);
    // The cost is said once, where the button is (the footer), not in the menu.
    await act(() => menuButton(ui.container).click());
    expect(ui.container.querySelector(".convert-operation .popover")?.textContent).not.toMatch(/credit/);
    await act(() => menuButton(ui.container).click());
    await choose(ui.container, "lottie-to-mp4");
    await pickFile(ui.container, new File(["{}"], "anim.json", { type: "application/json" }));
    expect(ui.container.querySelector('[data-testid="unavailable"]')?.textContent).toBe(
      "Your team's plan or this Assetport service does not offer this conversion right now. An admin can turn it on.",
    );
    expect(runButton(ui.container).textContent).toBe("Convert to MP4");
    expect(runButton(ui.container).disabled).toBe(true);
    ui.unmount();
  });

  it("shows the cost before running, and warns when it passes what is left", async () => {
    const ui = await openConvert([creditsRoute(2), operationsRoute]);
    const cost = () => ui.container.querySelector('[data-testid="cost"]');
    expect(cost()?.querySelector(".cost__line")?.textContent).toBe("Costs 3 credits");
    expect(cost()?.querySelector('[role="alert"]')?.textContent).toContain(`renew after ${PERIOD_END}`);
    // Cost and button share the footer row, as in the AI tab.
    const footer = ui.container.querySelector('[data-testid="run-footer"]');
    expect(footer?.contains(cost()!)).toBe(true);
    expect(footer?.querySelector("button")?.textContent).toBe("Convert to GIF");
    await choose(ui.container, "svg-to-png");
    // The cost only: the balance is the header pill's, not said twice.
    expect(cost()?.textContent).toBe("Costs 1 credit");
    // Said once in the tab: no other line names the cost.
    expect(ui.container.querySelector(".convert")?.textContent?.match(/\d+ credits?/g)).toEqual(["1 credit"]);
    // The line under the menu says what the conversion is for, not its name again.
    expect(ui.container.querySelector(".convert__what")?.textContent).not.toContain("PNG from SVG");
    ui.unmount();
  });

  it("takes no picture for a vector: an image layer selected, it asks for a vector layer", async () => {
    const picture = {
      id: "1:2",
      name: "slide.gif",
      nodeType: "RECTANGLE",
      width: 64,
      height: 48,
      exportable: true,
      hasImageFill: true,
    };
    const plugin = fakePlugin({ selection: selectionOf(picture) });
    const ui = await mountView(
      { routes: [searchRoute(0), creditsRoute(120), operationsRoute], plugin },
      (app) => <ConvertView convert={app.convert} runs={app} batch={app.batch} />,
    );
    const source = () => ui.container.querySelector('[role="radiogroup"]')?.textContent;
    const note = () => ui.container.querySelector('[data-testid="convert-not-vector"]')?.textContent;
    await choose(ui.container, "svg-to-png");
    expect(source()).toContain("Selection as SVG · select a vector layer");
    expect(note()).toBe("“slide.gif” is an image, not a vector. Select a vector layer, or use an SVG file.");
    expect(runButton(ui.container).disabled).toBe(true);
    // A frame, even with an image fill, may hold vectors: it is taken.
    await act(() =>
      plugin.emit("selection-changed", selectionOf({ ...picture, name: "Card", nodeType: "FRAME" })),
    );
    expect(source()).toContain("Selection as SVG · “Card”");
    expect(note()).toBeUndefined();
    expect(runButton(ui.container).disabled).toBe(false);
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
    await choose(ui.container, "svg-to-png");
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
    await choose(ui.container, "svg-to-png");
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
  it("a render in progress shows its step (waiting, working) and a stopwatch; both go when it ends", async () => {
    // Only the clock the stopwatch reads and ticks by is faked; the polling's own waits stay real.
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], now: Date.UTC(2026, 10, 25, 9) });
    try {
      const held = [heldAnswer(), heldAnswer()];
      let polls = 0;
      const soon = { "retry-after": "0" };
      const jobRoutes: Route = (url) => {
        if (url.pathname === "/v3/convert/lottie-to-gif")
          return json({ job: { uuid: "job-1", status: "queued" } }, 202, soon);
        if (url.pathname !== "/v3/convert/jobs/job-1") return undefined;
        polls += 1;
        return polls === 1
          ? json({ job: { uuid: "job-1", status: "queued" } }, 200, soon)
          : held[polls - 2]!.promise;
      };
      const ui = await openConvert([creditsRoute(120), operationsRoute, jobRoutes]);
      await pickFile(ui.container, new File(['{"w":64,"h":64}'], "slide.json", { type: "application/json" }));
      await act(() => runButton(ui.container).click());
      const run = () => ui.container.querySelector(".work-run")!;
      const step = () => run().querySelector('[role="progressbar"]')?.getAttribute("aria-valuetext") ?? null;
      await vi.waitFor(() => expect(polls).toBe(1));
      await settle();
      expect(run().querySelector(".work-run__label")?.textContent).toBe("Animated GIF from “slide”");
      expect(step()).toBe("Waiting, step 1 of 3");
      expect(run().querySelector('[data-testid="work-status"]')?.textContent).toBe("Waiting · 0:00");
      await vi.waitFor(() => expect(polls).toBe(2));
      await act(() => {
        held[0]!.release(json({ job: { uuid: "job-1", status: "processing" } }, 200, soon));
      });
      await vi.waitFor(() => expect(polls).toBe(3));
      await settle();
      expect(step()).toBe("Working…, step 2 of 3");
      await act(() => {
        vi.advanceTimersByTime(72_000);
      });
      expect(run().querySelector('[data-testid="work-status"]')?.textContent).toBe("Rendering · 1:12");
      // The stopwatch is not read out every second; the stage is.
      expect(run().querySelector('[data-testid="work-elapsed"]')?.getAttribute("aria-hidden")).toBe("true");
      await act(() => {
        held[1]!.release(json({ job: { uuid: "job-1", status: "failed", reason: "conversion_failed" } }));
      });
      await vi.waitFor(() =>
        expect(run().querySelector('[data-testid="work-status"]')?.textContent).toBe("Failed"),
      );
      expect(step()).toBeNull();
      expect(run().querySelector('[data-testid="work-elapsed"]')).toBeNull();
      ui.unmount();
    } finally {
      vi.useRealTimers();
    }
  });
});
