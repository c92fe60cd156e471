// Two teams behind one proxy share the service's Client-ID, so the service cannot keep them apart:
// the proxy does. One team's jobs, tasks, result links, Idempotency-Keys and image hashes are unknown
// to the other (404, or the unknown image_hash 400, as the service answers another client), and
// X-Project-Reference always names the team that did the work.

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auth,
  envelopeOf,
  type LocalApiServer,
  OTHER_TOKEN,
  recordingProxies,
  scopedId,
  serviceId,
  startLocalApi,
  startProxy,
  type TestProxy,
  upload,
} from "./support";

const A = auth();
const B = auth(OTHER_TOKEN);
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="20" height="20" fill="#0ea5e9"/></svg>`;

let api: LocalApiServer;
let proxy: TestProxy;

beforeAll(async () => {
  api = await startLocalApi();
  proxy = await startProxy(api.url);
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

async function poll<T>(url: string, headers: Record<string, string>, done: (body: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const response = await fetch(url, { headers });
    expect(response.status).toBe(200);
    const body = (await response.json()) as T;
    if (done(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never finished`);
}

type JobAnswer = { response: { job: { uuid: string; status: string; result_url?: string } } };
type TaskAnswer = { response: { task: { task_id: string; status: string; result?: { url: string } } } };

let lottie: string;
async function render(headers: Record<string, string>, key: string): Promise<Response> {
  lottie ??= await (
    await fetch(`${proxy.url}/v3/convert/svg-to-lottie`, {
      method: "POST",
      headers: A,
      body: upload(SVG, "image/svg+xml", "a.svg"),
    })
  ).text();
  return fetch(`${proxy.url}/v3/convert/lottie-to-gif`, {
    method: "POST",
    headers: { ...headers, "idempotency-key": key },
    body: upload(lottie, "application/json", "a.json", { width: "32", height: "32" }),
  });
}

describe("conversion jobs", () => {
  it("are unknown to another team, by the id given out and by the service's own", async () => {
    const queued = await render(A, "team-a-render-key-0001");
    expect(queued.status).toBe(202);
    const { job } = ((await queued.json()) as JobAnswer).response;
    const location = queued.headers.get("location")!;
    expect(location).toBe(`${proxy.url}/v3/convert/jobs/${job.uuid}`);

    const finished = await poll<JobAnswer>(location, A, (body) =>
      /^(completed|failed)$/.test(body.response.job.status),
    );
    expect(finished.response.job.status).toBe("completed");
    expect(finished.response.job.uuid).toBe(job.uuid);

    const theirs = await fetch(location, { headers: B });
    expect(theirs.status).toBe(404);
    expect((await envelopeOf(theirs)).reason).toBe("not_found");
    // The service's id itself, which the service would answer to anyone holding the Client-ID.
    const raw = `${proxy.url}/v3/convert/jobs/${serviceId(job.uuid)}`;
    expect((await fetch(raw, { headers: B })).status).toBe(404);
    expect((await fetch(raw, { headers: A })).status).toBe(404);

    // The result: a link only team A's token opens.
    const link = finished.response.job.result_url!;
    expect(link.startsWith(`${proxy.url}/relay/r?`)).toBe(true);
    expect(link).not.toContain(encodeURIComponent(api.url));
    const stolen = await fetch(link, { headers: B });
    expect(stolen.status).toBe(404);
    expect((await envelopeOf(stolen)).reason).toBe("not_found");
    const own = await fetch(link, { headers: A });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/gif");
    expect((await own.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it("keep one team's Idempotency-Key its own: another team reusing it gets new work", async () => {
    const key = "shared-render-key-0002";
    const first = (await (await render(A, key)).json()) as JobAnswer;
    const again = await render(A, key);
    expect(again.status).toBe(202);
    expect(((await again.json()) as JobAnswer).response.job.uuid).toBe(first.response.job.uuid);

    const theirs = await render(B, key);
    expect(theirs.status).toBe(202);
    const theirJob = ((await theirs.json()) as JobAnswer).response.job;
    expect(serviceId(theirJob.uuid)).not.toBe(serviceId(first.response.job.uuid));
    // B polls its own job, and A's stays A's.
    expect((await fetch(`${proxy.url}/v3/convert/jobs/${theirJob.uuid}`, { headers: B })).status).toBe(200);
    expect((await fetch(`${proxy.url}/v3/convert/jobs/${theirJob.uuid}`, { headers: A })).status).toBe(404);
  });
});

describe("AI tasks", () => {
  it("are unknown to another team, and so are their results", async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 4, background: "#16a34a" } })
      .png()
      .toBuffer();
    const submit = (headers: Record<string, string>) =>
      fetch(`${proxy.url}/v3/ai/vectorize`, {
        method: "POST",
        headers: { ...headers, "idempotency-key": "team-a-vectorize-key-0003" },
        body: upload(png, "image/png", "a.png"),
      });
    const submitted = await submit(A);
    expect(submitted.status).toBe(202);
    const taskId = ((await submitted.json()) as { response: { tasks: { task_id: string }[] } }).response
      .tasks[0]!.task_id;
    const location = submitted.headers.get("location")!;
    expect(location).toBe(`${proxy.url}/v3/ai/tasks/${taskId}`);

    const finished = await poll<TaskAnswer>(location, A, (body) =>
      /^(COMPLETED|FAILED)$/.test(body.response.task.status),
    );
    expect(finished.response.task.status).toBe("COMPLETED");
    expect(finished.response.task.task_id).toBe(taskId);
    expect((await fetch(location, { headers: B })).status).toBe(404);
    expect((await fetch(`${proxy.url}/v3/ai/tasks/${serviceId(taskId)}`, { headers: B })).status).toBe(404);

    const link = finished.response.task.result!.url;
    expect((await fetch(link, { headers: B })).status).toBe(404);
    expect((await fetch(link, { headers: A })).status).toBe(200);

    // A's repeat names A's task, in the form A was given it; B's reuse of the key is B's own work.
    const repeat = await submit(A);
    expect(repeat.status).toBe(409);
    const repeated = (await repeat.json()) as { data: { reason: string; tasks: string[] } };
    expect(repeated.data.tasks).toEqual([taskId]);
    const theirs = await submit(B);
    expect(theirs.status).toBe(202);
    const theirTask = ((await theirs.json()) as { response: { tasks: { task_id: string }[] } }).response
      .tasks[0]!.task_id;
    expect(serviceId(theirTask)).not.toBe(serviceId(taskId));
  });
});

describe("what the service is sent", () => {
  const { setUp } = recordingProxies();

  it("never lets an image_hash computed offline, or another team's, reach the service", async () => {
    const { proxy: edge, workCalls } = await setUp(() =>
      Response.json({ response: { image_hash: "sha-of-the-image", items: { total: 0, data: [] } } }),
    );
    const search = (headers: Record<string, string>, body: unknown) =>
      fetch(`${edge.url}/v3/reverse-image-search`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const first = await search(A, { url: "https://files.example.test/a.png" });
    const hash = ((await first.json()) as { response: { image_hash: string } }).response.image_hash;
    expect(hash).not.toBe("sha-of-the-image");
    expect(workCalls()).toHaveLength(1);

    for (const offline of ["sha-of-the-image", hash]) {
      const refused = await search(B, { image_hash: offline });
      expect(refused.status).toBe(400);
      expect((await envelopeOf(refused)).reason).toBe("invalid_request");
    }
    // Spelt with a JSON escape, or in a form: still checked.
    const escaped = await fetch(`${edge.url}/v3/reverse-image-search`, {
      method: "POST",
      headers: { ...B, "content-type": "application/json" },
      body: '{"image\\u005fhash":"sha-of-the-image"}',
    });
    expect(escaped.status).toBe(400);
    const form = new FormData();
    form.set("image_hash", "sha-of-the-image");
    const asForm = await fetch(`${edge.url}/v3/reverse-image-search`, {
      method: "POST",
      headers: B,
      body: form,
    });
    expect(asForm.status).toBe(400);
    // A part whose name another parser could read as image_hash: refused, never passed on as sent.
    const ambiguous = await fetch(`${edge.url}/v3/reverse-image-search`, {
      method: "POST",
      headers: { ...B, "content-type": "multipart/form-data; boundary=XyZ" },
      body: '--XyZ\r\nContent-Disposition: form-data; name="asset"; name="image_hash"\r\n\r\nsha-of-the-image\r\n--XyZ--\r\n',
    });
    expect(ambiguous.status).toBe(400);
    expect(workCalls()).toHaveLength(1);
    // A form reaches the service as the proxy read it (its own boundary), not as the caller wrote it.
    const upload = await fetch(`${edge.url}/v3/reverse-image-search`, {
      method: "POST",
      headers: { ...A, "content-type": "multipart/form-data; boundary=XyZ" },
      body: '--XyZ\r\nContent-Disposition: form-data; name="asset"\r\n\r\nicon\r\n--XyZ--\r\n',
    });
    expect(upload.status).toBe(200);
    expect(workCalls().at(-1)!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(workCalls().at(-1)!.headers["content-type"]).not.toContain("XyZ");
    expect(workCalls()).toHaveLength(2);

    // The team that uploaded pages on with it: the service gets its own hash back.
    expect((await search(A, { image_hash: hash, page: 2 })).status).toBe(200);
    expect(workCalls()).toHaveLength(3);
  });

  it("wraps the id in a 202's Location, and in a mislabelled JSON body too", async () => {
    const { proxy: edge } = await setUp((request) =>
      new URL(request.url).pathname.endsWith("/operations")
        ? Response.json({ response: { max_upload_kb: 100 } })
        : new Response(JSON.stringify({ response: { job: { uuid: "j-9", status: "queued" } } }), {
            status: 202,
            headers: { "content-type": "text/plain", location: "/v3/convert/jobs/j-9" },
          }),
    );
    const queued = await fetch(`${edge.url}/v3/convert/lottie-to-gif`, {
      method: "POST",
      headers: A,
      body: "{}",
    });
    expect(queued.status).toBe(202);
    const body = (await queued.json()) as { response: { job: { uuid: string } } };
    expect(body.response.job.uuid).toBe(await scopedId("job", "j-9"));
    const location = queued.headers.get("location")!;
    expect(location).toBe(`${edge.url}/v3/convert/jobs/${await scopedId("job", "j-9")}`);
  });

  it("refuses a job or task answer it cannot read rather than pass the service's bare ids on", async () => {
    const bodies = [
      ["application/json", '{"response":{"job":{"uuid":"j-raw-7","status":"queued"}'],
      ["text/plain", "queued j-raw-7"],
    ];
    for (const [type, text] of bodies) {
      const { proxy: edge } = await setUp((request) =>
        new URL(request.url).pathname.endsWith("/operations")
          ? Response.json({ response: { max_upload_kb: 100 } })
          : new Response(text, { status: 202, headers: { "content-type": type! } }),
      );
      const queued = await fetch(`${edge.url}/v3/convert/lottie-to-gif`, {
        method: "POST",
        headers: A,
        body: "{}",
      });
      expect(queued.status, type).toBe(502);
      const answer = await queued.text();
      expect(answer).not.toContain("j-raw-7");
      expect(JSON.parse(answer).data.reason).toBe("invalid_response");
    }
  });

  it("names the team in X-Project-Reference whatever the caller sends", async () => {
    const { proxy: edge, workCalls } = await setUp(() =>
      Response.json({ response: { tasks: [{ task_id: "t1", status: "PENDING" }] } }, { status: 202 }),
    );
    const submit = (headers: Record<string, string>) =>
      fetch(`${edge.url}/v3/ai/text-to-image`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ model: "m", prompt: "a cat" }),
      });
    expect((await submit({ ...A, "x-project-reference": "marketing" })).status).toBe(202);
    expect((await submit({ ...B })).status).toBe(202);
    const tooLong = await submit({ ...A, "x-project-reference": "x".repeat(128) });
    expect(tooLong.status).toBe(400);
    expect((await envelopeOf(tooLong)).reason).toBe("invalid_request");
    const references = workCalls()
      .filter((call) => call.method === "POST")
      .map((call) => call.headers["x-project-reference"]);
    expect(references).toEqual(["design-team/marketing", "marketing"]);
  });
});

describe("the service's budget", () => {
  const { setUp } = recordingProxies();

  it("is shared, so one team's burst leaves the others their part", async () => {
    // The service allows the shared Client-ID 4 writes a minute, and refuses the fifth.
    let writes = 0;
    const { proxy: edge } = await setUp(
      (request) => {
        if (request.method !== "POST")
          return Response.json({ response: { operations: [], max_upload_kb: 1024 } });
        writes++;
        return writes > 4
          ? Response.json(
              { data: { reason: "rate_limit_exceeded", message: "slow down" } },
              { status: 429, headers: { "retry-after": "60" } },
            )
          : Response.json(
              { response: { tasks: [{ task_id: `t${writes}`, status: "PENDING" }] } },
              { status: 202 },
            );
      },
      { upstreamRateLimitPerMinute: 4 },
    );
    const submit = (headers: Record<string, string>) =>
      fetch(`${edge.url}/v3/ai/text-to-image`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ model: "m", prompt: "a cat" }),
      });
    const burst: number[] = [];
    for (let i = 0; i < 6; i++) burst.push((await submit(A)).status);
    expect(burst).toEqual([202, 202, 429, 429, 429, 429]);
    const refused = await submit(A);
    expect((await envelopeOf(refused)).reason).toBe("rate_limit_exceeded");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);

    expect((await submit(B)).status).toBe(202);
    expect((await submit(B)).status).toBe(202);
    // Reads are counted apart from writes, as the service counts them.
    expect((await fetch(`${edge.url}/v3/credits`, { headers: A })).status).toBe(200);
    expect(writes).toBe(4);
  });

  it("is spent only by calls that reach the service, not by reads answered from the cache", async () => {
    const { proxy: edge, workCalls } = await setUp(() => Response.json({ response: { items: [] } }), {
      // Two teams: one search a minute each.
      upstreamRateLimitPerMinute: 2,
    });
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${edge.url}/v3/search?query=cat`, { headers: A })).status).toBe(200);
    expect(workCalls()).toHaveLength(1);
    const other = await fetch(`${edge.url}/v3/search?query=dog`, { headers: A });
    expect(other.status).toBe(429);
    expect((await envelopeOf(other)).reason).toBe("rate_limit_exceeded");
    expect((await fetch(`${edge.url}/v3/search?query=dog`, { headers: B })).status).toBe(200);
  });
});
