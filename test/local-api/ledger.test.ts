import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/contract/errors";
import { stableUuid } from "../../src/local-api/catalog/uuid";
import { localApiParts } from "../../src/local-api/parts";
import { billingPeriodAt } from "../../src/local-api/state/billing-period";
import { ACME, account, json, type RunningLocalApi, startLocalApi } from "./support";

let local: RunningLocalApi | undefined;
afterEach(async () => {
  await local?.close();
  local = undefined;
});

const at = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

describe("billing periods", () => {
  it("start on the account's day of month, not the 1st", () => {
    expect(billingPeriodAt("2026-01-15", at("2026-03-10"))).toEqual({
      start: "2026-02-15",
      end: "2026-03-14",
    });
    expect(billingPeriodAt("2026-01-15", at("2026-03-15"))).toEqual({
      start: "2026-03-15",
      end: "2026-04-14",
    });
    expect(billingPeriodAt("2026-01-15", at("2026-01-02"))).toEqual({
      start: "2025-12-15",
      end: "2026-01-14",
    });
  });

  it("clamp the day to the month's length", () => {
    expect(billingPeriodAt("2025-10-31", at("2026-02-28"))).toEqual({
      start: "2026-02-28",
      end: "2026-03-30",
    });
    expect(billingPeriodAt("2025-10-31", at("2026-03-31"))).toEqual({
      start: "2026-03-31",
      end: "2026-04-29",
    });
    expect(billingPeriodAt("2025-10-31", at("2028-02-29"))).toEqual({
      start: "2028-02-29",
      end: "2028-03-30",
    });
  });
});

describe("GET /v3/credits and the ledger", () => {
  it("reports allowance, usage and the period", async () => {
    local = await startLocalApi({ accounts: { clients: [account({ created_at: "2025-11-20" })] } });
    const response = await local.get("/v3/credits", ACME);
    expect(response.headers.get("x-ratelimit-limit")).toBe("600");
    expect((await json(response)).response.credits).toEqual({
      allowance: 500,
      used: 0,
      remaining: 500,
      spend_ceiling: false,
      period_start: "2026-02-20",
      period_end: "2026-03-19",
    });
  });

  it("reserves, commits and releases; spent credits give 429 quota_exhausted without Retry-After", async () => {
    local = await startLocalApi({
      accounts: { clients: [account({ credits: { allowance: 10, spend_ceiling: false } })] },
    });
    const ledger = localApiParts(local.api).ledger;
    const held = ledger.reserve("acme", 6, {
      kind: "ai",
      operation: "text-to-image",
      project_reference: "brand-2026",
    });
    expect(ledger.view("acme")).toMatchObject({ used: 0, remaining: 4 });
    let refusal: unknown;
    try {
      ledger.reserve("acme", 5, { kind: "conversion", operation: "svg-to-png" });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    const response = (refusal as ApiError).toResponse();
    expect([response.status, (await json(response)).data.reason]).toEqual([429, "quota_exhausted"]);
    expect(response.headers.get("retry-after")).toBeNull();
    ledger.commit(held.id, 4);
    expect(ledger.view("acme")).toMatchObject({ used: 4, remaining: 6 });
    const other = ledger.reserve("acme", 6, { kind: "conversion", operation: "lottie-to-gif" });
    ledger.release(other.id);
    expect(() => ledger.release(other.id)).toThrow(/already settled/);
    expect(ledger.view("acme")).toMatchObject({ used: 4, remaining: 6 });
    ledger.charge("acme", 6, { kind: "conversion", operation: "svg-to-pdf" });
    expect(() => ledger.charge("acme", 1, { kind: "conversion", operation: "svg-to-pdf" })).toThrow(
      /credits are spent/,
    );
    expect(
      ledger.events("acme").map((event) => [event.operation, event.credits, event.project_reference]),
    ).toEqual([
      ["text-to-image", 4, "brand-2026"],
      ["svg-to-pdf", 6, undefined],
    ]);
  });

  it("starts a fresh balance when the period rolls over", async () => {
    local = await startLocalApi({
      accounts: { clients: [account({ credits: { allowance: 3, spend_ceiling: true } })] },
    });
    const { ledger } = localApiParts(local.api);
    ledger.charge("acme", 3, { kind: "conversion", operation: "png-to-jpg" });
    expect(ledger.view("acme").remaining).toBe(0);
    // START is 2026-03-10; the account renews on the 15th.
    local.clock.advance(5 * 86_400_000);
    expect(ledger.view("acme")).toMatchObject({
      used: 0,
      remaining: 3,
      period_start: "2026-03-15",
    });
  });

  it("keeps thirteen billing periods of history per account", async () => {
    local = await startLocalApi({ accounts: { clients: [account()] } });
    const { ledger } = localApiParts(local.api);
    for (let month = 0; month < 16; month++) {
      ledger.charge("acme", 1, { kind: "conversion", operation: "png-to-jpg" });
      local.clock.advance(31 * 86_400_000);
    }
    await local.api.close();
    const stored = JSON.parse(readFileSync(join(local.stateDir, "work.snapshot.json"), "utf8"));
    const periods = Object.keys(stored.document.ledger.accounts.acme).sort();
    expect(periods).toHaveLength(13);
    expect(periods.at(-1)! > periods[0]!).toBe(true);
  });

  it("keeps usage across a restart on the same state folder", async () => {
    const accounts = { clients: [account()] };
    const stateDir = mkdtempSync(join(tmpdir(), "local-api-restart-"));
    const first = await startLocalApi({ accounts, stateDir });
    const item = stableUuid("tabler", "star", "outline");
    for (let i = 0; i < 3; i++) await first.post(`/v3/items/${item}/api-download`, { format: "svg" }, ACME);
    await first.close();
    local = await startLocalApi({ accounts, stateDir });
    expect((await json(await local.get("/v3/credits", ACME))).response.credits.used).toBe(3);
    expect(localApiParts(local.api).ledger.events("acme")).toHaveLength(3);
    await local.close();
    local = undefined;
    rmSync(stateDir, { recursive: true, force: true });
  });

  it("never overspends or double counts under many parallel downloads", async () => {
    local = await startLocalApi({
      accounts: {
        clients: [
          account({
            credits: { allowance: 25, spend_ceiling: true },
            rate_limits: { writes_per_minute: 1000 },
          }),
        ],
      },
    });
    const item = stableUuid("phosphor", "star", "regular");
    const api = local;
    const statuses = await Promise.all(
      Array.from({ length: 60 }, () =>
        api
          .post(`/v3/items/${item}/api-download`, { format: "svg" }, ACME)
          .then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(25);
    expect(statuses.filter((status) => status === 402)).toHaveLength(35);
    const credits = (await json(await api.get("/v3/credits", ACME))).response.credits;
    expect(credits).toMatchObject({ used: 25, remaining: 0 });
    expect(localApiParts(api.api).ledger.events("acme")).toHaveLength(25);
  });

  it("never over-reserves when many tasks reserve, then commit or release, concurrently", async () => {
    local = await startLocalApi({
      accounts: { clients: [account({ credits: { allowance: 100, spend_ceiling: false } })] },
    });
    const ledger = localApiParts(local.api).ledger;
    const outcomes = await Promise.all(
      Array.from({ length: 80 }, async (_, i) => {
        try {
          const held = ledger.reserve("acme", 3, { kind: "ai", operation: "vectorize" });
          await new Promise((resolve) => setImmediate(resolve));
          if (i % 4 === 0) {
            ledger.release(held.id);
            return "released";
          }
          ledger.commit(held.id);
          return "committed";
        } catch {
          return "refused";
        }
      }),
    );
    const committed = outcomes.filter((o) => o === "committed").length;
    const view = ledger.view("acme");
    expect(view.used).toBe(committed * 3);
    expect(view.used).toBeLessThanOrEqual(100);
    expect(outcomes.filter((o) => o === "refused").length).toBeGreaterThan(0);
    expect(ledger.events("acme")).toHaveLength(committed);
  });
});
