// A small search asked again while on its way (the home card's sample and its set's ratio ask one
// page) leaves once, and stops only once every asker has given up on it.
import { expect, it } from "vitest";
import { createTotals } from "../../../src/ui/sets/totals";
import { fakeService, heldAnswer, json, type Route, storeApi } from "../support/fake-service";

function setup() {
  const held = heldAnswer();
  const signals: AbortSignal[] = [];
  const route: Route = (_url, request) => {
    signals.push(request.signal);
    return held.promise;
  };
  const service = fakeService(route);
  const totals = createTotals({ api: () => storeApi(service.fetch) });
  return { held, signals, totals };
}

const settle = async () => {
  for (let i = 0; i < 6; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const params = { asset: "icon" as const, contributors: ["phosphor"], per_page: 36 };

it("sends one request for two askers, and keeps it while one of them still waits", async () => {
  const { held, signals, totals } = setup();
  const first = new AbortController();
  const second = new AbortController();
  const a = totals.probe(params, first.signal);
  const b = totals.probe({ ...params }, second.signal);
  await settle();
  expect(signals).toHaveLength(1);
  first.abort();
  await expect(a).rejects.toBeDefined();
  expect(signals[0]!.aborted).toBe(false);
  held.release(json({ items: { total: 9072, data: [] } }));
  expect((await b).total).toBe(9072);
});

it("stops the request once every asker has given up", async () => {
  const { signals, totals } = setup();
  const first = new AbortController();
  const second = new AbortController();
  const a = totals.probe(params, first.signal).catch(() => "left");
  const b = totals.probe(params, second.signal).catch(() => "left");
  await settle();
  first.abort();
  second.abort();
  expect(await Promise.all([a, b])).toEqual(["left", "left"]);
  await settle();
  expect(signals[0]!.aborted).toBe(true);
  expect(totals.inFlight).toBe(0);
});

it("asks afresh for a search every asker gave up, even while its stop is on its way", async () => {
  const { held, signals, totals } = setup();
  const first = new AbortController();
  const given = totals.probe(params, first.signal).catch(() => "left");
  await settle();
  first.abort();
  // Asked again at once: the stopped request's rejection has not come back yet.
  const again = totals.probe(params, new AbortController().signal);
  await settle();
  expect(signals).toHaveLength(2);
  held.release(json({ items: { total: 9072, data: [] } }));
  expect(await given).toBe("left");
  expect((await again).total).toBe(9072);
});
