// A flood of preview requests for the packaged 3D pictures and Lottie stills, as a window scrolling
// fast (or a hostile caller) sends them: every one is answered, each a PNG or a 429 in the envelope,
// never a 5xx, and the server still answers afterwards with its preview cache within its byte bound.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREVIEW_SIZES } from "../../src/local-api/render/rasterise";
import { account, json, type Loose, type RunningLocalApi, startLocalApi } from "../local-api/support";

let local: RunningLocalApi;
const HEADERS = { "Client-ID": "acme", "Client-Secret": "acme-secret" };
beforeAll(async () => {
  local = await startLocalApi({
    accounts: {
      clients: [account({ rate_limits: { reads_per_minute: 100_000, writes_per_minute: 1_000 } })],
    },
  });
});
afterAll(() => local.close());

async function items(asset: string, page: number): Promise<Loose[]> {
  const response = await local.get(`/v3/search?asset=${asset}&per_page=200&page=${page}`, HEADERS);
  return (await json(response)).response.items.data;
}

async function answer(url: string): Promise<{ status: number; type: string | null; reason?: string }> {
  const response = await fetch(url);
  const type = response.headers.get("content-type");
  if (response.status === 200) {
    await response.arrayBuffer();
    return { status: 200, type };
  }
  return { status: response.status, type, reason: (await json(response)).data?.reason };
}

describe("a flood of 3D and Lottie previews", () => {
  it("answers every preview with a PNG or a 429 in the envelope, and stays in service", async () => {
    const threeD = [...(await items("3d", 1)), ...(await items("3d", 2))];
    const lottie = await items("lottie", 1);
    // Every 3D picture of two pages at every preview size, and every Lottie still at every size:
    // 1,916 requests.
    const urls = [...threeD, ...lottie].flatMap((item) =>
      PREVIEW_SIZES.map((size) => item.urls[`png_${size}`] as string),
    );
    // 64 connections at a time (a browser opens 6 per host; the server caps its own sockets), each
    // sending its next request as soon as one is answered.
    const answers: Awaited<ReturnType<typeof answer>>[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < urls.length) {
          const index = next++;
          answers[index] = await answer(urls[index]!);
        }
      }),
    );
    for (const result of answers) {
      if (result.status === 200) expect(result.type).toBe("image/png");
      else expect(result).toMatchObject({ status: 429, reason: "rate_limit_exceeded" });
    }
    // Only Lottie stills wait in a line; 3D pictures are scaled straight away.
    expect(answers.slice(0, threeD.length * PREVIEW_SIZES.length).every((r) => r.status === 200)).toBe(true);
    const after = await local.get("/v3/search?asset=lottie&query=heart&per_page=1", HEADERS);
    expect(after.status).toBe(200);
    const [heart] = (await json(after)).response.items.data;
    expect((await answer(heart.urls.png_64)).status).toBe(200);
  });
});
