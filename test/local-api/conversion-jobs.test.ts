// Asynchronous renders over real HTTP: 202 with a job, Location and Retry-After, polling to a
// finished job whose signed result_url serves the decoded render; jobs are private to their client;
// the operations catalogue; mp4 and webm reported unavailable when ffmpeg is absent.

import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONVERSION_OPERATIONS } from "../../src/api/contract/tables";
import { json, type RunningLocalApi, startLocalApi } from "./support";
import { credits, fileForm, headersOf, lottie, pollJob, postForm, worker } from "./work-support";

let server: RunningLocalApi;
const CONV = headersOf("conv");
const savedFfmpeg = process.env.FFMPEG_PATH;

beforeAll(async () => {
  server = await startLocalApi({
    accounts: {
      clients: [
        worker("conv"),
        worker("other"),
        worker("planless", { capabilities: { converter: false, ai: true } }),
      ],
    },
  });
});
afterAll(() => server.close());
afterEach(() => {
  if (savedFfmpeg === undefined) delete process.env.FFMPEG_PATH;
  else process.env.FFMPEG_PATH = savedFfmpeg;
});

async function render(op: string, fields: Record<string, string> = { width: "48" }) {
  const response = await postForm(server, `/v3/convert/${op}`, fileForm(lottie(), "a.json", fields), CONV);
  const body = await json(response);
  return { response, body, job: body.response?.job };
}

async function fetchResult(job: { result_url: string }) {
  const response = await fetch(job.result_url);
  expect(response.status).toBe(200);
  return { type: response.headers.get("content-type"), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("renders are jobs", () => {
  it("lottie-to-gif: 202, Location, Retry-After, queued -> completed, an animated GIF at the asked size", async () => {
    const before = await credits(server, "conv");
    const { response, job } = await render("lottie-to-gif");
    expect(response.status).toBe(202);
    expect(response.headers.get("location")).toBe(`/v3/convert/jobs/${job.uuid}`);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(["queued", "processing"]).toContain(job.status);
    expect(job.operation).toBe("lottie-to-gif");

    const done = await pollJob(server, job.uuid, CONV);
    expect(done).toMatchObject({ status: "completed", content_type: "image/gif", credits_charged: 3 });
    const result = await fetchResult(done);
    const meta = await sharp(result.bytes, { animated: true }).metadata();
    expect([result.type, meta.format, meta.width, meta.pageHeight]).toEqual(["image/gif", "gif", 48, 36]);
    expect(meta.pages).toBeGreaterThan(1);
    expect((await credits(server, "conv")).used).toBe(before.used + 3);
  });

  it("lottie-to-webp: an animated WebP", async () => {
    const { job } = await render("lottie-to-webp");
    const done = await pollJob(server, job.uuid, CONV);
    const result = await fetchResult(done);
    const meta = await sharp(result.bytes, { animated: true }).metadata();
    expect([result.type, meta.format, meta.width]).toEqual(["image/webp", "webp", 48]);
    expect(meta.pages).toBeGreaterThan(1);
  });

  it("lottie-to-mp4 and lottie-to-webm: real video containers", async () => {
    const mp4 = await fetchResult(await pollJob(server, (await render("lottie-to-mp4")).job.uuid, CONV));
    expect(mp4.type).toBe("video/mp4");
    expect(mp4.bytes.toString("latin1", 4, 8)).toBe("ftyp");
    const webm = await fetchResult(await pollJob(server, (await render("lottie-to-webm")).job.uuid, CONV));
    expect(webm.type).toBe("video/webm");
    expect(webm.bytes.subarray(0, 4).toString("hex")).toBe("1a45dfa3");
  });

  it("a result link is signed: altered, it is refused", async () => {
    const done = await pollJob(server, (await render("lottie-to-gif")).job.uuid, CONV);
    const altered = done.result_url.replace(/sig=[^&]+/, "sig=forged");
    const response = await fetch(altered);
    expect([response.status, (await json(response)).data.reason]).toEqual([403, "invalid_signature"]);
  });

  it("a render past its time limit ends failed and is not charged; its key then answers already_failed", async () => {
    // A server whose render time limit no render can meet.
    const hasty = await startLocalApi({ accounts: { clients: [worker("conv")] }, renderTimeoutMs: 1 });
    try {
      const before = await credits(hasty, "conv");
      const headers = { ...CONV, "Idempotency-Key": "render-past-its-limit-1" };
      const send = () => postForm(hasty, "/v3/convert/lottie-to-gif", fileForm(lottie(), "a.json"), headers);
      const response = await send();
      expect(response.status).toBe(202);
      const done = await pollJob(hasty, (await json(response)).response.job.uuid, CONV);
      expect(done).toMatchObject({ status: "failed", reason: "conversion_timeout", credits_charged: 0 });
      expect(done.result_url).toBeUndefined();
      const after = await credits(hasty, "conv");
      expect([after.used, after.remaining]).toEqual([before.used, before.remaining]);
      const repeat = await send();
      expect([repeat.status, (await json(repeat)).data.reason]).toEqual([409, "idempotency_already_failed"]);
    } finally {
      await hasty.close();
    }
  });
});

describe("bounded concurrency", () => {
  it("with one slot, a second render waits queued while the first is processing; both complete", async () => {
    const single = await startLocalApi({ accounts: { clients: [worker("conv")] }, workConcurrency: 1 });
    try {
      const submit = async (width: string) =>
        (
          await json(
            await postForm(
              single,
              "/v3/convert/lottie-to-gif",
              fileForm(lottie(), "a.json", { width }),
              CONV,
            ),
          )
        ).response.job;
      const first = await submit("512");
      const second = await submit("48");
      expect([first.status, second.status]).toEqual(["processing", "queued"]);
      const done = await Promise.all([pollJob(single, first.uuid, CONV), pollJob(single, second.uuid, CONV)]);
      expect(done.map((job) => job.status)).toEqual(["completed", "completed"]);
    } finally {
      await single.close();
    }
  });
});

describe("GET /v3/convert/jobs/{job}", () => {
  it("only the owning client sees a job; others get the 404 an unknown id gets", async () => {
    const { job } = await render("lottie-to-gif");
    const mine = await fetch(`${server.url}/v3/convert/jobs/${job.uuid}`, { headers: CONV });
    expect(mine.status).toBe(200);
    for (const [path, headers] of [
      [`/v3/convert/jobs/${job.uuid}`, headersOf("other")],
      ["/v3/convert/jobs/not-a-job", CONV],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { headers });
      expect([response.status, (await json(response)).data.reason]).toEqual([404, "not_found"]);
    }
    await pollJob(server, job.uuid, CONV);
  });
});

describe("GET /v3/convert/operations", () => {
  it("lists every operation with its cost and availability, and the plan's max_upload_kb", async () => {
    const body = await json(await fetch(`${server.url}/v3/convert/operations`, { headers: CONV }));
    const { operations, max_upload_kb } = body.response;
    expect(operations.map((o: { operation: string }) => o.operation)).toEqual(CONVERSION_OPERATIONS);
    expect(max_upload_kb).toBe(5120);
    for (const entry of operations) {
      expect(entry.credit_cost).toBeGreaterThan(0);
      expect(entry.available_on_your_plan).toBe(true);
      expect(["sync", "async"]).toContain(entry.mode);
    }
    const planless = await json(
      await fetch(`${server.url}/v3/convert/operations`, { headers: headersOf("planless") }),
    );
    expect(planless.response.operations).toHaveLength(12);
    for (const entry of planless.response.operations) {
      expect(entry.available_on_your_plan).toBe(false);
      expect(entry.unavailable_reason).toMatch(/plan/);
    }
  });

  it("without ffmpeg, mp4 and webm are unavailable and refused with the reason", async () => {
    process.env.FFMPEG_PATH = "/nonexistent/ffmpeg";
    const body = await json(await fetch(`${server.url}/v3/convert/operations`, { headers: CONV }));
    const byName = Object.fromEntries(
      body.response.operations.map((o: { operation: string }) => [o.operation, o]),
    );
    for (const op of ["lottie-to-mp4", "lottie-to-webm"]) {
      expect(byName[op]).toMatchObject({ available_on_your_plan: false });
      expect(byName[op].unavailable_reason).toMatch(/ffmpeg/);
    }
    expect(byName["lottie-to-gif"].available_on_your_plan).toBe(true);
    const refused = await render("lottie-to-mp4");
    expect([refused.response.status, refused.body.data.reason]).toEqual([403, "entitlement_required"]);
    expect(refused.body.data.message).toMatch(/ffmpeg/);
  });
});
