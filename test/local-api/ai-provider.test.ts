// The whole AI flow with a deterministic provider plugged in: several tasks from one submission,
// Location naming the first, polling to COMPLETED and FAILED, credits per task (a failed task gives
// its share back), a refusal releasing everything, and the AI rows of the idempotency table.

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScriptedProvider } from "./scripted-provider";
import { json, type Loose, type RunningLocalApi, startLocalApi } from "./support";
import { credits, fileForm, headersOf, png, pollTask, postForm, worker } from "./work-support";

let server: RunningLocalApi;
let provider: ScriptedProvider;
const AI = headersOf("maker");
let keyCount = 0;
const newKey = () => `ai-key-${String(++keyCount).padStart(4, "0")}-${Date.now()}`;

beforeAll(async () => {
  provider = new ScriptedProvider();
  server = await startLocalApi({
    accounts: { clients: [worker("maker"), worker("other")] },
    aiProvider: provider,
    // images.example.com stands for a public host; inside.example.com for a name that resolves inside.
    outboundPolicy: {
      resolve: async (host) => (host === "inside.example.com" ? ["10.1.2.3"] : ["93.184.216.34"]),
      trustedHosts: new Set(),
    },
  });
});
afterAll(() => server.close());

const generate = (op: string, body: unknown, headers: Record<string, string> = AI) =>
  fetch(`${server.url}/v3/ai/${op}`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const idsOf = (body: Loose): string[] => body.response.tasks.map((t: { task_id: string }) => t.task_id);

async function settled(ids: string[]) {
  return Promise.all(ids.map((id) => pollTask(server, id, AI)));
}

describe("generation through the provider", () => {
  it("n=3 gives three tasks, Location names the first, all complete with their own result", async () => {
    const before = await credits(server, "maker");
    const response = await generate("text-to-image", { model: "sketch-1", prompt: "a fox", n: 3 });
    expect(response.status).toBe(202);
    const body = await json(response);
    const ids = idsOf(body);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect(response.headers.get("location")).toBe(`/v3/ai/tasks/${ids[0]}`);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(body.response.credits_charged).toBe(9);
    expect(body.response.remaining_credits).toBe(before.remaining - 9);

    const tasks = await settled(ids);
    const widths = [];
    for (const task of tasks) {
      expect(task).toMatchObject({ status: "COMPLETED", operation: "text-to-image" });
      expect(task.result.content_type).toBe("image/png");
      widths.push(
        (await sharp(Buffer.from(await (await fetch(task.result.url)).arrayBuffer())).metadata()).width,
      );
    }
    expect(widths).toEqual([16, 17, 18]);
    expect((await credits(server, "maker")).used).toBe(before.used + 9);
  });

  it("a task that fails ends FAILED with a reason, and its share of credits is given back", async () => {
    const before = await credits(server, "maker");
    const body = await json(
      await generate("text-to-image", { model: "sketch-1", prompt: "fail on the second", n: 2 }),
    );
    const [first, second] = await settled(idsOf(body));
    expect(first.status).toBe("COMPLETED");
    expect(second).toMatchObject({ status: "FAILED", error: { reason: "provider_failed" } });
    expect(second.result).toBeUndefined();
    expect((await credits(server, "maker")).used).toBe(before.used + 3);
  });

  it("a refusal is 422 invalid_request, nothing charged, nothing held", async () => {
    const before = await credits(server, "maker");
    const response = await generate("text-to-image", {
      model: "sketch-1",
      prompt: "something forbidden",
      n: 2,
    });
    const body = await json(response);
    expect([response.status, body.data.reason]).toEqual([422, "invalid_request"]);
    expect(body.data.message).toMatch(/acceptable use/);
    const after = await credits(server, "maker");
    expect([after.used, after.remaining]).toEqual([before.used, before.remaining]);
  });

  it("form fields work as well as JSON; models are checked per operation", async () => {
    const form = new FormData();
    form.append("model", "mesh-1");
    form.append("prompt", "a chair");
    const response = await postForm(server, "/v3/ai/text-to-3d", form, AI);
    expect(response.status).toBe(202);
    expect((await json(response)).response.credits_charged).toBe(8);
    const wrong = await generate("text-to-3d", { model: "sketch-1", prompt: "a chair" });
    expect([wrong.status, (await json(wrong)).data.reason]).toEqual([422, "invalid_request"]);
    const tooMany = await generate("text-to-image", { model: "sketch-1", prompt: "a fox", n: 9 });
    expect(tooMany.status).toBe(422);
  });

  it("image_url: a public host is handed on; a name resolving inside is refused 422", async () => {
    const ok = await generate("image-to-image", {
      model: "sketch-1",
      image_url: "https://images.example.com/a.png",
    });
    expect(ok.status).toBe(202);
    expect(provider.dispatched.at(-1)?.image_url).toBe("https://images.example.com/a.png");
    const inside = await generate("image-to-image", {
      model: "sketch-1",
      image_url: "https://inside.example.com/a.png",
    });
    const body = await json(inside);
    expect([inside.status, body.data.reason]).toEqual([422, "invalid_request"]);
    expect(body.data.message).toMatch(/resolves to/);
  });

  it("smart-group takes its one file to the provider", async () => {
    const response = await postForm(server, "/v3/ai/smart-group", fileForm(await png(), "layers.png"), AI);
    expect(response.status).toBe(202);
    expect(provider.dispatched.at(-1)).toMatchObject({ operation: "smart-group", count: 1 });
    expect(provider.dispatched.at(-1)?.file?.byteLength).toBeGreaterThan(0);
  });

  it("the catalogues list the provider's models and operations", async () => {
    const models = (await json(await fetch(`${server.url}/v3/ai/models`, { headers: AI }))).response.models;
    expect(models.map((m: { model: string }) => m.model)).toEqual(["sketch-1", "mesh-1"]);
    const ops = (await json(await fetch(`${server.url}/v3/ai/operations`, { headers: AI }))).response
      .operations;
    expect(ops.every((o: { available_on_your_plan: boolean }) => o.available_on_your_plan)).toBe(true);
  });
});

describe("AI idempotency keys", () => {
  it("in flight before dispatch: 409 idempotency_in_progress without tasks", async () => {
    const key = newKey();
    provider.dispatchGate.close();
    const dispatchedBefore = provider.dispatched.length;
    const first = generate(
      "text-to-image",
      { model: "sketch-1", prompt: "a hare" },
      { ...AI, "Idempotency-Key": key },
    );
    while (provider.dispatched.length === dispatchedBefore) await new Promise((r) => setTimeout(r, 5));
    const repeat = await generate(
      "text-to-image",
      { model: "sketch-1", prompt: "a hare" },
      { ...AI, "Idempotency-Key": key },
    );
    const body = await json(repeat);
    expect([repeat.status, body.data.reason, body.data.tasks]).toEqual([
      409,
      "idempotency_in_progress",
      undefined,
    ]);
    provider.dispatchGate.open();
    const original = await first;
    expect(original.status).toBe(202);
    await settled(idsOf(await json(original)));
  });

  it("in flight after dispatch, then completed: 409 with data.tasks, nothing re-dispatched", async () => {
    const key = newKey();
    const headers = { ...AI, "Idempotency-Key": key };
    provider.taskGate.close();
    const before = await credits(server, "maker");
    const original = await json(
      await generate("text-to-image", { model: "sketch-1", prompt: "an owl", n: 2 }, headers),
    );
    const ids = idsOf(original);
    const dispatched = provider.dispatched.length;

    const running = await generate("text-to-image", { model: "sketch-1", prompt: "an owl", n: 2 }, headers);
    const runningBody = await json(running);
    expect([running.status, runningBody.data.reason, runningBody.data.tasks]).toEqual([
      409,
      "idempotency_in_progress",
      ids,
    ]);

    provider.taskGate.open();
    await settled(ids);
    const done = await generate("text-to-image", { model: "sketch-1", prompt: "an owl", n: 2 }, headers);
    const doneBody = await json(done);
    expect([done.status, doneBody.data.reason, doneBody.data.tasks]).toEqual([
      409,
      "idempotency_already_completed",
      ids,
    ]);
    expect(provider.dispatched.length).toBe(dispatched);
    expect((await credits(server, "maker")).used).toBe(before.used + 6);
  });

  it("a refused submission's key answers idempotency_already_failed", async () => {
    const headers = { ...AI, "Idempotency-Key": newKey() };
    expect(
      (await generate("text-to-image", { model: "sketch-1", prompt: "forbidden" }, headers)).status,
    ).toBe(422);
    const again = await generate("text-to-image", { model: "sketch-1", prompt: "forbidden" }, headers);
    expect([again.status, (await json(again)).data.reason]).toEqual([409, "idempotency_already_failed"]);
  });

  it("concurrent duplicates dispatch once and charge once", async () => {
    const headers = { ...AI, "Idempotency-Key": newKey() };
    const before = await credits(server, "maker");
    const dispatched = provider.dispatched.length;
    provider.taskGate.close(); // the run stays in flight while the duplicates arrive
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        generate("text-to-image", { model: "sketch-1", prompt: "a lynx" }, headers),
      ),
    );
    const accepted = answers.filter((r) => r.status === 202);
    expect(accepted).toHaveLength(1);
    for (const response of answers.filter((r) => r.status !== 202)) {
      expect([response.status, (await json(response)).data.reason]).toEqual([409, "idempotency_in_progress"]);
    }
    expect(provider.dispatched.length).toBe(dispatched + 1);
    provider.taskGate.open();
    await settled(idsOf(await json(accepted[0]!)));
    expect((await credits(server, "maker")).used).toBe(before.used + 3);
  });
});
