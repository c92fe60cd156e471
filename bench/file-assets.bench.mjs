// "Assets in this file" on a large file, in the plugin's own code over the Figma emulator: a page of
// 20,000 layers (200 frames of 100), 2,000 of them placed by Assetport, and a second page like it that
// is not loaded. Measured: the plugin's answer for the page in view and for every page (the second
// loaded first), and the answer's size, which crosses to the window as one message. The emulator's
// search is a plain walk, so the times are this code's share, not Figma's native search.
// `npm run bench file-assets` runs this suite alone.
import { assetsInFile } from "../src/plugin/assets-in-file.ts";
import { recordAsset } from "../src/plugin/node-data.ts";
import { installFigma } from "../test/figma/install.ts";
import { timeRuns } from "./lib/stats.mjs";

export const name = "file-assets";

const FRAMES = 200;
const PER_FRAME = 100;
/** Every tenth layer is an Assetport asset. */
const RECORDED_EVERY = 10;
const ASSET = {
  uuid: "openmoji-1F600",
  name: "grinning face",
  type: "illustration",
  set: "openmoji",
  licence: "CC BY-SA 4.0",
  licenceUrl: "https://assets.example.org/licenses/openmoji",
};

function fill(figma, page) {
  for (let f = 0; f < FRAMES; f++) {
    const frame = figma.createFrame();
    page.appendChild(frame);
    for (let i = 0; i < PER_FRAME; i++) {
      const rect = figma.createRectangle();
      frame.appendChild(rect);
      if (i % RECORDED_EVERY === 0) recordAsset(rect, { ...ASSET, uuid: `${ASSET.uuid}-${f}-${i}` });
    }
  }
}

const ms = (s) =>
  `IQR ${s.q1.toFixed(1)}-${s.q3.toFixed(1)} ms, min ${s.min.toFixed(1)}, max ${s.max.toFixed(1)}`;

export async function run() {
  const emu = installFigma();
  try {
    const { figma } = emu;
    fill(figma, figma.currentPage);
    const other = figma.createPage();
    await other.loadAsync();
    fill(figma, other);
    const layers = FRAMES * (PER_FRAME + 1);
    const recorded = (FRAMES * PER_FRAME) / RECORDED_EVERY;
    const current = await timeRuns(() => assetsInFile({ pages: "current" }), { runs: 15, warmup: 2 });
    const all = await timeRuns(
      () => {
        emu.unloadPage(other);
        return assetsInFile({ pages: "all" });
      },
      { runs: 9, warmup: 1 },
    );
    const answer = await assetsInFile({ pages: "current" });
    const bytes = Buffer.byteLength(JSON.stringify(answer));
    return [
      {
        figure: "assets-in-file, page in view (plugin code over the emulator)",
        value: Number(current.median.toFixed(1)),
        unit: "ms",
        spread: `${ms(current)}; ${layers} layers, ${recorded} recorded`,
      },
      {
        figure: "assets-in-file, every page (the other loaded first)",
        value: Number(all.median.toFixed(1)),
        unit: "ms",
        spread: `${ms(all)}; 2 pages of ${layers} layers, ${recorded * 2} recorded`,
      },
      {
        figure: "assets-in-file answer for the page in view",
        value: Math.round(bytes / 1024),
        unit: "KB",
        spread: `${recorded} records, ${Math.round(bytes / recorded)} bytes each as JSON`,
      },
    ];
  } finally {
    emu.uninstall();
  }
}
