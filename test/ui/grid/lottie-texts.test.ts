// The animation texts a cell plays are kept for the next hover, within a count and a number of
// characters: hours of browsing large animations must not hold 32 times the largest one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  animationText,
  KEPT_CHARS,
  keptAnimationChars,
  MAX_PLAYED_CHARS,
} from "../../../src/ui/grid/lottie-play";
import { type LoopbackServer, serveOnLoopback } from "../../support/loopback";

let server: LoopbackServer;
const served: string[] = [];

beforeAll(async () => {
  server = await serveOnLoopback((request) => {
    const { pathname } = new URL(request.url);
    served.push(pathname);
    // /big/N: an animation of nearly the largest size a cell plays; /small/N: a few characters.
    const size = pathname.startsWith("/big/") ? MAX_PLAYED_CHARS - 10 : 40;
    const body = `{"v":"5","n":"${pathname}","p":"${"x".repeat(size)}"}`.slice(0, size);
    return new Response(body, { headers: { "content-type": "application/json" } });
  });
});
afterAll(() => server.close());

describe("kept animation texts", () => {
  it("fetches a text once while it is kept, and joins a fetch under way", async () => {
    const url = `${server.url}/small/1`;
    const [a, b] = await Promise.all([animationText(url), animationText(url)]);
    await animationText(url);
    expect(a).toBe(b);
    expect(served.filter((p) => p === "/small/1")).toHaveLength(1);
  });

  it("keeps no more characters than its bound, dropping the least recently played first", async () => {
    for (let i = 0; i < 6; i++) await animationText(`${server.url}/big/${i}`);
    expect(keptAnimationChars()).toBeLessThanOrEqual(KEPT_CHARS);
    // The last one played is still kept; the first is not, so playing it again fetches it again.
    served.length = 0;
    await animationText(`${server.url}/big/5`);
    await animationText(`${server.url}/big/0`);
    expect(served).toEqual(["/big/0"]);
  });
});
