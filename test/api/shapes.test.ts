// The defensive readers: the shapes the local API answers with, and the other plausible ones.
import { describe, expect, it } from "vitest";
import {
  isJobFinished,
  isTaskFinished,
  jobCreditsCharged,
  readAsset,
  readCatalogue,
  readCredits,
  readDownload,
  readItems,
  readJob,
  readRemainingCredits,
  readSubmittedTasks,
  resultUrlOf,
} from "../../src/api/client/answer-readers";

describe("assets and pages", () => {
  it("keeps unknown fields, fills uuid from id, drops non-string urls", () => {
    expect(readAsset({ id: 7, name: "A", urls: { svg: "s", bad: 3 }, extra: true })).toEqual({
      id: 7,
      uuid: "7",
      name: "A",
      urls: { svg: "s" },
      extra: true,
    });
    expect(readAsset("nope")).toBeUndefined();
  });

  it("reads items shown and bare, with total falling back to the page length", () => {
    expect(readItems({ items: { total: 9, data: [{ uuid: "a", name: "", urls: {} }] } }).total).toBe(9);
    expect(readItems({ items: [{ uuid: "a" }, { uuid: "b" }] })).toMatchObject({ total: 2 });
    expect(readItems({ data: [{ uuid: "a" }], total: 40 })).toMatchObject({ total: 40 });
    expect(readItems({})).toEqual({ total: 0, data: [] });
  });
});

describe("downloads, jobs and tasks", () => {
  it("reads download_url where it is shown, and by other names", () => {
    expect(readDownload({ download: { download_url: "a", expires_at: "x" } })).toEqual({
      download_url: "a",
      expires_at: "x",
    });
    expect(readDownload({ url: "b" })).toMatchObject({ download_url: "b" });
    expect(readDownload({ download: {} })).toBeUndefined();
  });

  it("reads jobs by uuid, id or job_id, and treats unknown statuses as running", () => {
    expect(readJob({ job: { uuid: "j", status: "queued" } })).toEqual({ uuid: "j", status: "queued" });
    expect(readJob({ job_id: "k", state: "done" })).toMatchObject({ uuid: "k", status: "done" });
    expect(readJob({ status: "queued" })).toBeUndefined();
    for (const status of ["completed", "COMPLETED", "failed", "Succeeded", "error"]) {
      expect(isJobFinished({ uuid: "j", status })).toBe(true);
    }
    for (const status of ["queued", "processing", "rendering", "done", "unknown", ""]) {
      expect(isJobFinished({ uuid: "j", status })).toBe(false);
    }
  });

  it("reads what a finished job cost where a number says it, else leaves it unknown", () => {
    expect(jobCreditsCharged({ uuid: "j", status: "completed", credits_charged: 3 })).toBe(3);
    expect(jobCreditsCharged({ uuid: "j", status: "failed", credits_charged: 0 })).toBe(0);
    expect(jobCreditsCharged({ uuid: "j", status: "completed", credits_consumed: 2 })).toBe(2);
    expect(jobCreditsCharged({ uuid: "j", status: "completed", credits_charged: "3" })).toBeUndefined();
    expect(jobCreditsCharged({ uuid: "j", status: "completed", credits_charged: -1 })).toBeUndefined();
    expect(jobCreditsCharged({ uuid: "j", status: "completed" })).toBeUndefined();
  });

  it("finishes tasks only on COMPLETED and FAILED", () => {
    expect(isTaskFinished({ task_id: "t", status: "COMPLETED" })).toBe(true);
    expect(isTaskFinished({ task_id: "t", status: "FAILED" })).toBe(true);
    expect(isTaskFinished({ task_id: "t", status: "IN_PROGRESS" })).toBe(false);
    expect(isTaskFinished({ task_id: "t" })).toBe(false);
  });

  it("finds submitted tasks at the top, in response, in data, nested, or a single task", () => {
    const ids = (body: unknown) => readSubmittedTasks(body).map((t) => t.task_id);
    expect(ids({ tasks: [{ task_id: "a" }] })).toEqual(["a"]);
    expect(ids({ response: { tasks: [{ task_id: "a", status: "PENDING" }, { task_id: "b" }] } })).toEqual([
      "a",
      "b",
    ]);
    expect(ids({ data: { tasks: ["a"] } })).toEqual(["a"]);
    expect(ids({ response: { generation: { tasks: [{ task_id: "n" }] } } })).toEqual(["n"]);
    expect(ids({ response: { task: { task_id: "s" } } })).toEqual(["s"]);
    expect(ids({ response: {} })).toEqual([]);
  });

  it("reads the remaining balance under its plausible names", () => {
    expect(readRemainingCredits({ response: { remaining_credits: 1 } })).toBe(1);
    expect(readRemainingCredits({ response: { balance: "2" } })).toBe(2);
    expect(readRemainingCredits({ remaining: 3 })).toBe(3);
    expect(readRemainingCredits({ response: {} })).toBeUndefined();
  });

  it("finds a result URL in the shapes a job or task may use", () => {
    expect(resultUrlOf({ uuid: "j", status: "completed", result_url: "/a" })).toBe("/a");
    expect(resultUrlOf({ task_id: "t", result: { url: "/b", content_type: "image/png" } })).toBe("/b");
    expect(resultUrlOf({ task_id: "t", result: "/c" })).toBe("/c");
    expect(resultUrlOf({ task_id: "t", output: [{ url: "/d" }] })).toBe("/d");
    expect(resultUrlOf({ task_id: "t" })).toBeUndefined();
  });
});

describe("catalogues and credits", () => {
  it("reads operations with their cost under several names and max_upload_kb beside or in plan", () => {
    const a = readCatalogue({ operations: [{ operation: "x", cost: 3 }, { nothing: 1 }], max_upload_kb: 10 });
    expect(a).toEqual({ operations: [{ operation: "x", cost: 3, creditCost: 3 }], max_upload_kb: 10 });
    const b = readCatalogue({ data: [{ name: "y", credits: "4" }], plan: { max_upload_kb: 20 } });
    expect(b).toEqual({
      operations: [{ name: "y", operation: "y", credits: "4", creditCost: 4 }],
      max_upload_kb: 20,
    });
  });

  it("reads the credits resource nested or flat", () => {
    expect(readCredits({ credits: { period_start: "2026-01-01" } })).toEqual({ period_start: "2026-01-01" });
    expect(readCredits({ period_end: "2026-02-01" })).toEqual({ period_end: "2026-02-01" });
  });
});
