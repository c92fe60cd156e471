// The built window keeps its rarely opened views (src/ui/rare/rare-views.ts) out of the main script:
// they are inert text in the page, and that text reads every module the main script holds from the
// main script's own copy. Whether they render from that text is driven in Chromium by the end-to-end
// suites that open them (commands, swap, batch, file-assets).
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
let folder = "";
let html = "";

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "assetport-rare-views-"));
  await promisify(execFile)(process.execPath, ["build.mjs", `--outdir=${folder}`], { cwd: ROOT });
  html = await readFile(join(folder, "ui.html"), "utf8");
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** The page's scripts that run as it loads (no type), and its inert texts by element id. */
function scriptsOf(page: string) {
  const running: string[] = [];
  const inert = new Map<string, string>();
  for (const match of page.matchAll(/<script(?: type="text\/plain" id="([^"]+)")?>([\s\S]*?)<\/script>/g)) {
    if (match[1]) inert.set(match[1], match[2]!);
    else running.push(match[2]!);
  }
  return { running, inert };
}

/** Words only each rarely opened view shows (its own copy, in its own file). */
const VIEW_WORDS = [
  ["the batch card", "Checking the selected layers…"],
  ["the swap list", "Looking for icons…"],
  ["the file's assets", "Select on the canvas"],
  ["a command's small window", "command__left-out"],
];

describe("the rarely opened views in the built window", () => {
  it("are inert text, not in the scripts the page runs as it opens", () => {
    const { running, inert } = scriptsOf(html);
    const views = inert.get("assetport-rare-views");
    expect(views).toBeDefined();
    for (const [view, words] of VIEW_WORDS) {
      expect(views, view).toContain(words);
      for (const script of running) expect(script, view).not.toContain(words);
    }
  });

  it("come before the main script, which may show one on its first render", () => {
    const inertAt = html.indexOf('id="assetport-rare-views"');
    expect(inertAt).toBeGreaterThan(-1);
    expect(inertAt).toBeLessThan(html.lastIndexOf("<script>"));
  });

  it("read every module the main script holds from it, each of them handed over by it", () => {
    const { running, inert } = scriptsOf(html);
    const views = inert.get("assetport-rare-views")!;
    const main = running.at(-1)!;
    const read = [...views.matchAll(/__assetportSharedModules\[("[^"]+")\]/g)].map((m) => JSON.parse(m[1]!));
    // preact above all: a second copy would break hooks and signals in those views.
    expect(read).toEqual(expect.arrayContaining([expect.stringMatching(/node_modules\/preact\/hooks\//)]));
    const handed = /__assetportSharedModules=\{([^}]*)\}/.exec(main)?.[1] ?? "";
    for (const path of read) expect(handed, path).toContain(`${JSON.stringify(path)}:`);
  });
});
