// A running local API shows a host only its narrow face (fetch, close, describe, firstAccount, warm):
// its internal parts are not a field anyone holding the instance can reach into. Tests and benches
// that must inspect a part ask localApiParts, which knows only instances createLocalApi made.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalApi } from "../../src/local-api/app";
import { localApiParts } from "../../src/local-api/parts";
import { getInProcess, smallCatalogue, worker } from "./work-support";

const stateDir = mkdtempSync(join(tmpdir(), "local-api-parts-"));
const api = createLocalApi({
  stateDir,
  accounts: { clients: [worker("parts")] },
  catalogFile: smallCatalogue(3).path,
});
afterAll(async () => {
  await api.close();
  rmSync(stateDir, { recursive: true, force: true });
});

describe("the local API's parts", () => {
  it("are not a field of the running instance", () => {
    expect(Object.keys(api).sort()).toEqual(["close", "describe", "fetch", "firstAccount", "warm"]);
  });

  it("are the instance's own for a test that asks localApiParts", async () => {
    const { ledger, catalog } = localApiParts(api);
    expect(catalog.assets.length).toBe(api.describe().assets);
    ledger.charge("parts", 2, { kind: "conversion", operation: "png-to-jpg" });
    const answer = await getInProcess(api, "/v3/credits", "parts");
    expect(((await answer.json()) as { response: { credits: { used: number } } }).response.credits.used).toBe(
      2,
    );
  });

  it("are refused for anything createLocalApi did not make", () => {
    expect(() => localApiParts({ ...api })).toThrow(/not an instance made by createLocalApi/);
  });
});
