// The Node proxy running the local API in-process signs team-scoped ids with a random key it keeps
// in the state folder (0600), never with one derived from the demo account's public secret: ids
// cannot be forged offline, and stay valid across a restart.

import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { KEPT_KEY_FILE } from "../../src/proxy/signing/kept-key";
import { createTeamScope, scopeSecret } from "../../src/proxy/signing/team-scope";
import { startServedProxy } from "../../src/server/serve-proxy";
import { auth, TEAM_TOKEN, upload } from "./support";

const stateDir = mkdtempSync(join(tmpdir(), "proxy-scope-key-"));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

const LABEL = "design-team";
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="20" height="20" fill="#0ea5e9"/></svg>`;
const start = () =>
  startServedProxy(
    { PORT: "0", PROXY_TOKENS: `${LABEL}:${TEAM_TOKEN}`, LOCAL_API_STATE_DIR: stateDir },
    { log: () => undefined },
  );

describe("the embedded proxy's scope key", () => {
  it("is random and kept, so an id tagged offline with the demo secret is unknown", async () => {
    let proxy = await start();
    let jobId: string;
    try {
      const lottie = await (
        await fetch(`${proxy.url}/v3/convert/svg-to-lottie`, {
          method: "POST",
          headers: auth(),
          body: upload(SVG, "image/svg+xml", "a.svg"),
        })
      ).text();
      const queued = await fetch(`${proxy.url}/v3/convert/lottie-to-gif`, {
        method: "POST",
        headers: auth(),
        body: upload(lottie, "application/json", "a.json", { width: "24", height: "24" }),
      });
      expect(queued.status).toBe(202);
      const location = queued.headers.get("location")!;
      jobId = location.slice(location.lastIndexOf("/") + 1);
      const serviceJob = jobId.slice(0, jobId.lastIndexOf("."));

      // What a hostile team could compute offline from the demo account's published secret.
      const offline = createTeamScope(scopeSecret(undefined, "local-demo-secret"));
      const forged = await offline.wrap("job", LABEL, serviceJob);
      expect(jobId).not.toBe(forged);
      const refused = await fetch(`${proxy.url}/v3/convert/jobs/${forged}`, { headers: auth() });
      expect(refused.status).toBe(404);
      expect((await fetch(`${proxy.url}/v3/convert/jobs/${jobId}`, { headers: auth() })).status).toBe(200);
    } finally {
      await proxy.close();
    }

    const file = join(stateDir, KEPT_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A restart keeps the key: the id handed out before is still the caller's.
    proxy = await start();
    try {
      const again = await fetch(`${proxy.url}/v3/convert/jobs/${jobId}`, { headers: auth() });
      expect(again.status).toBe(200);
    } finally {
      await proxy.close();
    }
  });
});
