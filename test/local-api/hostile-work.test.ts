// The hostile inputs of a red-team round, over real HTTP against the local API: each is refused with
// a 400 whose message names the limit, nothing is charged, a full conversion line answers 429 with
// Retry-After, and the server keeps answering ordinary requests afterwards.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localApiParts } from "../../src/local-api/parts";
import {
  deeplyNestedSvg,
  hugeFilteredElementSvg,
  hugeFilterRegionSvg,
  nestedJsonBody,
  nestedUseSvg,
} from "./engines/hostile-inputs";
import { json, type RunningLocalApi, startLocalApi } from "./support";
import { credits, encode, fileForm, headersOf, postForm, SVG, worker } from "./work-support";

let server: RunningLocalApi;
const CALLER = headersOf("caller");

beforeAll(async () => {
  server = await startLocalApi({ accounts: { clients: [worker("caller")] }, workConcurrency: 1 });
});
afterAll(() => server.close());

const convert = (op: string, svg: string, fields: Record<string, string> = {}) =>
  postForm(server, `/v3/convert/${op}`, fileForm(encode(svg), "hostile.svg", fields), CALLER);

async function expectRefusal(response: Response, status: number, reason: string, message: RegExp) {
  const body = await json(response);
  expect({ status: response.status, reason: body.data?.reason }).toEqual({ status, reason });
  expect(body.data.message).toMatch(message);
}

describe("hostile conversions are refused before any drawing, and charged nothing", () => {
  it("nested <use> to svg-to-pdf: 400 naming the element limit", async () => {
    const before = (await credits(server, "caller")).used;
    await expectRefusal(
      await convert("svg-to-pdf", nestedUseSvg()),
      400,
      "invalid_input_file",
      /25000 elements/,
    );
    expect((await credits(server, "caller")).used).toBe(before);
  });

  it("a huge filter region, or filtered content far off the drawing, to svg-to-png: 400 naming the limit", async () => {
    await expectRefusal(
      await convert("svg-to-png", hugeFilterRegionSvg()),
      400,
      "invalid_input_file",
      /filter region/,
    );
    await expectRefusal(
      await convert("svg-to-png", hugeFilteredElementSvg()),
      400,
      "invalid_input_file",
      /times the drawing/,
    );
  });

  it("1,000 nested <g>: 400 naming the depth limit, never a 500", async () => {
    for (const op of ["svg-to-png", "svg-to-pdf", "svg-to-lottie"]) {
      await expectRefusal(
        await convert(op, deeplyNestedSvg()),
        400,
        "invalid_input_file",
        /deep \(the limit\)/,
      );
    }
  });

  it("the cost is judged at the requested size: morphology fine at 100 px, refused at 4096", async () => {
    const morph = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><filter id="f"><feMorphology radius="20"/></filter><rect width="50" height="50" filter="url(#f)"/></svg>`;
    expect((await convert("svg-to-png", morph, { width: "100" })).status).toBe(200);
    await expectRefusal(
      await convert("svg-to-png", morph, { width: "4096" }),
      400,
      "invalid_input_file",
      /billion/,
    );
  });
});

describe("reverse image search JSON bodies", () => {
  const search = (body: string) => server.post("/v3/reverse-image-search", body, CALLER);

  it("10 MB of nested arrays: 400 naming the size limit, without parsing it", async () => {
    const response = await search(nestedJsonBody());
    await expectRefusal(response, 400, "invalid_request", /at most 64 KB/);
  });

  it("a streamed body that states no length is cut off past the limit", async () => {
    const chunk = new TextEncoder().encode("[".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 160) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${server.url}/v3/reverse-image-search`, {
      method: "POST",
      headers: { ...CALLER, "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    await expectRefusal(response, 400, "invalid_request", /at most 64 KB/);
  });

  it("deep nesting within the size: 400 naming the depth limit", async () => {
    await expectRefusal(await search(nestedJsonBody(20_000)), 400, "invalid_request", /levels deep/);
  });
});

describe("synchronous conversions share the work queue's slots", () => {
  it("a full line answers 429 rate_limit_exceeded with Retry-After, charging nothing; then work resumes", async () => {
    const { queue } = localApiParts(server.api);
    const release: Array<() => void> = [];
    // Hold the one slot and fill the line (twice the concurrency) with work that waits for the test.
    const held = Array.from({ length: 3 }, () =>
      queue.run(() => new Promise<void>((resolve) => release.push(resolve))),
    );
    const before = (await credits(server, "caller")).used;
    const refused = await convert("svg-to-png", SVG);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    await expectRefusal(refused, 429, "rate_limit_exceeded", /busy/);
    expect((await credits(server, "caller")).used).toBe(before);
    while (queue.size > 0) {
      for (const resolve of release.splice(0)) resolve();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(held);
    expect((await convert("svg-to-png", SVG)).status).toBe(200);
  });
});

describe("after all of it", () => {
  it("the server still answers an ordinary search", async () => {
    expect((await server.get("/v3/search?query=heart", CALLER)).status).toBe(200);
  });
});
