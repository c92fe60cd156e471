// The page's first script sends the first search from the boot data (boot/first-search.ts); the
// search store, asking for that very page later, takes its answer instead of asking the service
// again. Anything that differs (server, token, words, another request) is not that search.
import { describe, expect, it } from "vitest";
import type { Boot } from "../../src/ui/boot/boot-data";
import { firstSearchRequest, sendFirstSearch, withFirstSearch } from "../../src/ui/boot/first-search";
import { fakeService, PROXY, searchRoute } from "./support/fake-service";
import { BAKED, SETTINGS, windowOver } from "./support/first-window";
import { settle } from "./support/mount";

const quickAction: Boot = { settings: SETTINGS, launch: { command: "search", query: "arrow" } };
const plainOpen: Boot = { settings: SETTINGS, launch: { command: "open" } };

/** The results' pages asked (not the sets' small counting searches), with the token each carried. */
const pagesAsked = (service: ReturnType<typeof fakeService>) =>
  service.requests
    .filter((r) => new URL(r.url).pathname === "/v3/search")
    .filter((r) => new URL(r.url).searchParams.get("per_page") === "200")
    .map((r) => ({ url: r.url, authorization: r.headers.get("authorization") ?? "" }));

describe("the first search's request", () => {
  it.each([
    ["a quick action's words", quickAction],
    ["the home's browse", plainOpen],
  ])("is the one the search store sends first, for %s", async (_, boot) => {
    const service = fakeService(searchRoute(500));
    const app = windowOver(service.fetch);
    app.prime(boot);
    app.searchFromLaunch(boot);
    await settle();
    const [first] = pagesAsked(service);
    expect(first).toEqual(firstSearchRequest(boot, BAKED));
  });

  it("is none for Replace and Find similar (they read the selection first) or without settings", () => {
    expect(firstSearchRequest({ settings: SETTINGS, launch: { command: "replace" } }, BAKED)).toBeUndefined();
    expect(firstSearchRequest({ settings: SETTINGS, launch: { command: "similar" } }, BAKED)).toBeUndefined();
    expect(firstSearchRequest({ launch: { command: "open" } }, BAKED)).toBeUndefined();
  });

  it("is none for a home the last window kept (painted first), but a quick action's words still go", () => {
    expect(firstSearchRequest({ ...plainOpen, home: "kept" }, BAKED)).toBeUndefined();
    expect(firstSearchRequest({ ...quickAction, home: "kept" }, BAKED)).toEqual(
      firstSearchRequest(quickAction, BAKED),
    );
  });

  it("goes to the build's default server with the baked token when the stored server is not offered", () => {
    const baked = { proxyUrls: [PROXY], accessToken: "local" };
    const boot: Boot = {
      settings: { proxyUrl: "https://elsewhere.example", accessToken: "theirs" },
      launch: { command: "open" },
    };
    const request = firstSearchRequest(boot, baked);
    expect(new URL(request?.url ?? "").origin).toBe(PROXY);
    expect(request?.authorization).toBe("Bearer local");
  });
});

describe("the window", () => {
  it.each([
    ["a quick action", quickAction],
    ["a plain open", plainOpen],
  ])("takes the first search's answer for %s and asks the service no second time", async (_, boot) => {
    const service = fakeService(searchRoute(500));
    const first = sendFirstSearch(boot, BAKED, service.fetch);
    expect(pagesAsked(service)).toHaveLength(1);
    const app = windowOver(withFirstSearch(first, service.fetch));
    app.prime(boot);
    app.searchFromLaunch(boot);
    await settle();
    expect(pagesAsked(service)).toHaveLength(1);
    expect(app.search.items.value.length).toBeGreaterThan(0);
    expect(app.search.status.value).not.toBe("error");
  });

  it("asks the service itself when the first search failed to arrive", async () => {
    const service = fakeService(searchRoute(500));
    const boot = quickAction;
    const request = firstSearchRequest(boot, BAKED);
    const lost = Promise.reject(new TypeError("Failed to fetch"));
    lost.catch(() => undefined);
    const first = request ? { ...request, response: lost } : undefined;
    const app = windowOver(withFirstSearch(first, service.fetch));
    app.prime(boot);
    app.searchFromLaunch(boot);
    await settle();
    // The transport's retry (once in the window) goes to the service.
    app.search.retry();
    await settle();
    expect(pagesAsked(service)).toHaveLength(1);
    expect(app.search.items.value.length).toBeGreaterThan(0);
  });
});

describe("withFirstSearch", () => {
  const answer = () => new Response("{}");
  function held() {
    const request = firstSearchRequest(quickAction, BAKED);
    if (!request) throw new Error("no first search");
    return { ...request, response: Promise.resolve(answer()) };
  }

  it("gives the held answer once, for exactly its request", async () => {
    const first = held();
    const passed: string[] = [];
    const fetch = withFirstSearch(first, async (input) => {
      passed.push(input instanceof Request ? input.url : String(input));
      return answer();
    });
    const same = () => new Request(first.url, { headers: { authorization: first.authorization } });
    expect(await fetch(same())).toBe(await first.response);
    await fetch(same());
    expect(passed).toEqual([first.url]);
  });

  it("lets every other request through: another token, none, another page, another method", async () => {
    const first = held();
    const passed: string[] = [];
    const fetch = withFirstSearch(first, async (input) => {
      const request = input as Request;
      passed.push(`${request.method} ${request.headers.get("authorization") ?? "none"} ${request.url}`);
      return answer();
    });
    const other = first.url.replace("page=1", "page=2");
    await fetch(new Request(first.url, { headers: { authorization: "Bearer someone-else" } }));
    await fetch(new Request(first.url));
    await fetch(new Request(other, { headers: { authorization: first.authorization } }));
    await fetch(new Request(first.url, { method: "POST", headers: { authorization: first.authorization } }));
    expect(passed).toHaveLength(4);
    // Still held for its own request.
    const own = await fetch(new Request(first.url, { headers: { authorization: first.authorization } }));
    expect(own).toBe(await first.response);
  });
});
