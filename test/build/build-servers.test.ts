// The build bakes into the ui exactly the servers it lets through in the manifest: the ui offers only
// origins Figma will let it reach, and the manifest it writes keeps a plugin id it finds.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((f) => rm(f, { recursive: true, force: true }))));

async function build(env: Record<string, string>, existingManifest?: string) {
  const folder = await mkdtemp(join(tmpdir(), "assetport-build-test-"));
  folders.push(folder);
  if (existingManifest !== undefined) await writeFile(join(folder, "manifest.json"), existingManifest);
  const { ASSETPORT_PROXY_URL: _a, ASSETPORT_PROXY_URLS: _b, ASSETPORT_PLUGIN_ID: _c, ...rest } = process.env;
  await promisify(execFile)(process.execPath, ["build.mjs", `--outdir=${folder}`], {
    cwd: ROOT,
    env: { ...rest, ...env },
  });
  const [manifest, html] = await Promise.all([
    readFile(join(folder, "manifest.json"), "utf8").then((t) => JSON.parse(t)),
    readFile(join(folder, "ui.html"), "utf8"),
  ]);
  return { manifest, html };
}

describe("the build for an organisation's servers", () => {
  it("names the same servers in the manifest and the ui, and keeps the id it found", async () => {
    const servers = ["https://eu.assets.example.org", "https://us.assets.example.org"];
    const { manifest, html } = await build(
      { ASSETPORT_PROXY_URLS: servers.join(",") },
      JSON.stringify({ id: "1234567890123456789" }),
    );
    expect(manifest.id).toBe("1234567890123456789");
    expect(manifest.networkAccess.allowedDomains).toEqual(servers);
    expect(manifest.networkAccess.devAllowedDomains).toBeUndefined();
    expect(html).toContain(JSON.stringify(servers));
  });

  it.each([
    ["plain http to another computer", "https://assets.example.org,http://assets.corp.example:8080", /https/],
    ["this machine beside remote servers", "http://localhost:8787,https://assets.example.org", /mixes/],
  ])("stops on %s and writes nothing", async (_, list, why) => {
    const failed = build({ ASSETPORT_PROXY_URLS: list });
    await expect(failed).rejects.toThrow(why);
  });
});
