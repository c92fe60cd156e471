// A Lottie made into a GIF keeps its transparency, as it is placed on a designer's frame: clear around
// the art on every frame and never a trail of earlier frames, whether the GIF comes from the
// conversion route (an uploaded file) or from a packaged animation's download.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gifAgainstRender } from "./engines/gif-against-render";
import { ACME, account, json, type Loose, type RunningLocalApi, startLocalApi } from "./support";
import { fileForm, headersOf, pollJob, postForm, worker } from "./work-support";

let server: RunningLocalApi;
beforeAll(async () => {
  server = await startLocalApi({
    accounts: {
      clients: [
        worker("conv"),
        account({ rate_limits: { reads_per_minute: 10_000, writes_per_minute: 1_000 } }),
      ],
    },
  });
});
afterAll(() => server.close());

const require = createRequire(import.meta.url);
/** A packaged useAnimations file: black lines on nothing, as designers get them. */
const packaged = (key: string) =>
  readFileSync(join(dirname(require.resolve("react-useanimations/package.json")), "lib", key, `${key}.json`));

/** Clear corners and all-or-nothing alpha on every frame, drawn on several, matching the render. */
async function expectTransparentGif(bytes: Uint8Array, lottie: Uint8Array, size: number) {
  const gif = await gifAgainstRender(bytes, lottie, { width: size, height: size });
  expect([gif.width, gif.height]).toEqual([size, size]);
  for (const frame of gif.frames) {
    expect(frame.corners).toEqual([0, 0, 0, 0]);
    expect(frame.partial).toBe(0);
    // No trail of the frame before, and no part of the art dropped (measured: none of either; a
    // handful of edge pixels is allowed for rounding).
    expect(frame.cleared).toBeLessThanOrEqual(4);
    expect(frame.lost).toBeLessThanOrEqual(4);
  }
  expect(gif.frames.filter((frame) => frame.opaque > size).length).toBeGreaterThan(1);
}

describe("a Lottie placed as a GIF is transparent where the animation is not", () => {
  it("lottie-to-gif on an uploaded file", async () => {
    const form = fileForm(packaged("heart"), "heart.json", { width: "96", height: "96" });
    const response = await postForm(server, "/v3/convert/lottie-to-gif", form, headersOf("conv"));
    expect(response.status).toBe(202);
    const job = await pollJob(server, (await json(response)).response.job.uuid, headersOf("conv"));
    expect(job.status).toBe("completed");
    const result = await fetch(job.result_url);
    expect(result.headers.get("content-type")).toBe("image/gif");
    await expectTransparentGif(new Uint8Array(await result.arrayBuffer()), packaged("heart"), 96);
  });

  it("a packaged animation's GIF download", async () => {
    const found = await json(await server.get("/v3/search?asset=lottie&query=heart&per_page=1", ACME));
    const [heart] = found.response.items.data as Loose[];
    const body = { format: "gif", width: 128, height: 128 };
    const link = await server.post(`/v3/items/${heart.uuid}/api-download`, body, ACME);
    expect(link.status).toBe(200);
    const file = await fetch((await json(link)).response.download.download_url);
    expect(file.headers.get("content-type")).toBe("image/gif");
    await expectTransparentGif(new Uint8Array(await file.arrayBuffer()), packaged("heart"), 128);
  });
});
