// On a first-ever home the page's first script asks the set searches the browse's answer calls for
// (boot/first-sets.ts): each set's sample, the featured page, and the names searched in a set whose
// sample cannot tell its ratio. They must be exactly the window's own: the window takes each answer
// and asks the service nothing twice.
import { describe, expect, it } from "vitest";
import type { Boot } from "../../src/ui/boot/boot-data";
import { firstSearchRequest, sendFirstSearch, withFirstSearch } from "../../src/ui/boot/first-search";
import { type FirstSets, sendFirstSets, withFirstSets } from "../../src/ui/boot/first-sets";
import { fakeService, json, PROXY } from "./support/fake-service";
import { BAKED, SETTINGS, windowOver } from "./support/first-window";
import { settle } from "./support/mount";
import { catalogue, lucide, phosphor, tabler } from "./support/set-catalogue";

const firstEver: Boot = { settings: SETTINGS, launch: { command: "open" } };

/** Every search the service was asked, as "authorization url". */
const asked = (service: ReturnType<typeof fakeService>) =>
  service.requests
    .filter((r) => new URL(r.url).pathname === "/v3/search")
    .map((r) => `${r.headers.get("authorization") ?? ""} ${r.url}`);

/** The first script's searches, then the window over them, left until nothing more is asked. */
async function openFirstEver(boot: Boot) {
  const service = fakeService(catalogue);
  const first = sendFirstSearch(boot, BAKED, service.fetch);
  const sets = sendFirstSets(boot, BAKED, first, service.fetch);
  await settle(6);
  const early = asked(service);
  const app = windowOver(withFirstSets(sets, withFirstSearch(first, service.fetch)));
  app.prime(boot);
  app.searchFromLaunch(boot);
  await settle(8);
  return { service, sets, early, app };
}

describe("the first-ever home's set searches", () => {
  it("leave with the browse's answer: each set's sample, the featured page and a set's names", async () => {
    const { early } = await openFirstEver(firstEver);
    const paths = early.map((line) =>
      decodeURIComponent(line.slice(line.lastIndexOf(" ") + 1)).replace(`${PROXY}/v3/search?`, ""),
    );
    expect(paths.sort()).toEqual([
      "asset=icon&page=1&per_page=200",
      "asset=icon&sort=featured&page=1&per_page=60",
      // Lucide, met on the featured page only.
      "asset=icon&sort=popular&contributors[]=lucide&page=1&per_page=36",
      "asset=icon&sort=popular&contributors[]=phosphor&page=1&per_page=36",
      "asset=icon&sort=popular&contributors[]=tabler&page=1&per_page=36",
      // Tabler's sample lists each icon once: three of its names are searched within it.
      "query=t0&asset=icon&contributors[]=tabler&page=1&per_page=24",
      "query=t1&asset=icon&contributors[]=tabler&page=1&per_page=24",
      "query=t2&asset=icon&contributors[]=tabler&page=1&per_page=24",
    ]);
    expect(early.every((line) => line.startsWith("Bearer design-token "))).toBe(true);
  });

  it("are the window's own: it takes every answer and asks the service nothing again", async () => {
    const { service, sets, early, app } = await openFirstEver(firstEver);
    expect(asked(service)).toEqual(early);
    expect(sets.held.size).toBe(0);
    // The home is made of them: both sets counted, with their samples.
    const list = app.sets.list.value;
    expect(list.map((set) => [set.name, set.count])).toEqual([
      ["lucide", lucide.length],
      ["phosphor", phosphor.length],
      ["tabler", tabler.length],
    ]);
    expect(list.every((set) => set.samples.length > 0)).toBe(true);
  });

  it("are none for a quick action's words, a kept home, or Replace", async () => {
    for (const boot of [
      { settings: SETTINGS, launch: { command: "search", query: "arrow" } },
      { ...firstEver, home: "kept" },
      { settings: SETTINGS, launch: { command: "replace" } },
    ] satisfies Boot[]) {
      const service = fakeService(catalogue);
      const first = sendFirstSearch(boot, BAKED, service.fetch);
      const sets = sendFirstSets(boot, BAKED, first, service.fetch);
      await settle(6);
      expect(asked(service)).toHaveLength(first ? 1 : 0);
      expect(sets.decided).toBe(true);
    }
  });

  it("leave out one the window asked first (a browse slower than the window)", async () => {
    const service = fakeService(catalogue);
    let answer: (response: Response) => void = () => undefined;
    const request = firstSearchRequest(firstEver, BAKED);
    if (!request) throw new Error("a first-ever open has a first search");
    const first = { ...request, response: new Promise<Response>((resolve) => (answer = resolve)) };
    const sets: FirstSets = sendFirstSets(firstEver, BAKED, first, service.fetch);
    const fetch = withFirstSets(sets, service.fetch);
    const tablerSample = `${PROXY}/v3/search?asset=icon&sort=popular&contributors%5B%5D=tabler&page=1&per_page=36`;
    await fetch(new Request(tablerSample, { headers: { authorization: request.authorization } }));
    answer(await service.fetch(first.url, { headers: { authorization: request.authorization } }));
    await settle(6);
    expect(asked(service).filter((line) => line.endsWith(tablerSample))).toHaveLength(1);
    expect(asked(service).some((line) => line.includes("contributors%5B%5D=phosphor"))).toBe(true);
  });

  it("are none once the window has gone on by itself for long (a browse that hangs)", async () => {
    const service = fakeService(catalogue);
    let answer: (response: Response) => void = () => undefined;
    const request = firstSearchRequest(firstEver, BAKED);
    if (!request) throw new Error("a first-ever open has a first search");
    const first = { ...request, response: new Promise<Response>((resolve) => (answer = resolve)) };
    const sets = sendFirstSets(firstEver, BAKED, first, service.fetch);
    const fetch = withFirstSets(sets, service.fetch);
    for (let page = 1; page <= 101; page++)
      await fetch(
        new Request(`${PROXY}/v3/search?query=typed&page=${page}`, {
          headers: { authorization: request.authorization },
        }),
      );
    // What it noted is bounded; nothing is sent early once the window has gone on without it.
    expect(sets.asked.size).toBeLessThanOrEqual(101);
    answer(await service.fetch(first.url, { headers: { authorization: request.authorization } }));
    await settle(6);
    expect(asked(service).filter((line) => line.includes("contributors"))).toEqual([]);
  });

  it("are none when the browse failed: the window asks for itself", async () => {
    const service = fakeService(() => json({}, 503));
    const first = sendFirstSearch(firstEver, BAKED, service.fetch);
    const sets = sendFirstSets(firstEver, BAKED, first, service.fetch);
    await settle(6);
    expect(asked(service)).toHaveLength(1);
    expect(sets.decided).toBe(true);
  });
});
