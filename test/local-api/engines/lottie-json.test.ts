import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { lottieToDotLottie } from "../../../src/local-api/engines/lottie/dotlottie";
import { optimizeLottie } from "../../../src/local-api/engines/lottie/optimize";
import { renderLottieFrame } from "../../../src/local-api/engines/lottie/render-frame";
import { lottieBytes, movingSquareLottie, SAMPLE_SVG, svgBytes } from "./fixtures";

/** The fixture as an editor would export it: metadata, match names, an unused and a used precomp. */
function editorExport() {
  const base = movingSquareLottie();
  const inner = {
    ...base.layers[1]!,
    ind: 1,
    mn: "ADBE Vector Layer",
    ks: { ...base.layers[1]!.ks, p: { a: 0, k: [40.123456, 20.987654, 0], ix: 2 } },
  };
  return {
    ...base,
    meta: { g: "LottieFiles AE 3.5.4", a: "someone", k: "keywords", d: "description", tc: "" },
    assets: [
      { id: "comp_used", nm: "used", fr: 30, layers: [inner] },
      { id: "comp_unused", nm: "never placed", fr: 30, layers: [inner, inner, inner] },
    ],
    layers: [
      ...base.layers.map((l) => ({ ...l, mn: "ADBE Layer", cl: "", hd: false, ao: 0, bm: 0 })),
      {
        ddd: 0,
        ind: 3,
        ty: 0,
        nm: "precomp",
        refId: "comp_used",
        w: 200,
        h: 100,
        ip: 0,
        op: 60,
        st: 0,
        sr: 1,
        ks: base.layers[1]!.ks,
      },
    ],
  };
}

function alphaDifference(a: Uint8Array, b: Uint8Array): number {
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff = Math.max(diff, Math.abs(a[i]! - b[i]!));
  return diff;
}

describe("lottie-optimize", () => {
  it("is smaller, drops metadata and the unused precomp, keeps timing, and renders the same", async () => {
    const source = editorExport();
    const input = new TextEncoder().encode(JSON.stringify(source, null, 2));
    const output = await optimizeLottie(input);
    expect(output.length).toBeLessThan(JSON.stringify(source).length);
    const optimized = JSON.parse(output.toString());
    expect(optimized.meta).toBeUndefined();
    expect(optimized.assets.map((a: { id: string }) => a.id)).toEqual(["comp_used"]);
    expect([optimized.fr, optimized.ip, optimized.op, optimized.w, optimized.h]).toEqual([
      30, 0, 60, 200, 100,
    ]);
    expect(output.toString()).not.toContain("ADBE");
    expect(output.toString()).not.toMatch(/\d\.\d{4,}/);
    for (const frame of [0, 30, 59]) {
      const before = await renderLottieFrame(JSON.stringify(source), { width: 200, height: 100, frame });
      const after = await renderLottieFrame(output.toString(), { width: 200, height: 100, frame });
      expect(alphaDifference(before, after)).toBeLessThanOrEqual(8);
    }
  });

  it("keeps names, match names and property indices when expressions might refer to them", async () => {
    const source = movingSquareLottie();
    (source.layers[1]!.ks.o as Record<string, unknown>).ix = 11;
    (source.layers[1] as Record<string, unknown>).mn = "ADBE Vector Layer";
    (source.layers[0]!.ks.r as Record<string, unknown>).x = 'thisComp.layer("disc").transform.rotation';
    const optimized = JSON.parse((await optimizeLottie(lottieBytes(source))).toString());
    expect(optimized.layers.map((l: { nm: string }) => l.nm)).toEqual(["square", "disc"]);
    expect(optimized.layers[0].ks.r.x).toBe('thisComp.layer("disc").transform.rotation');
    expect(optimized.layers[1].ks.o.ix).toBe(11);
    expect(optimized.layers[1].mn).toBe("ADBE Vector Layer");
  });

  it("never grows a file that is already minimal", async () => {
    const minimal = lottieBytes({ v: "5", fr: 30, ip: 0, op: 1, w: 1, h: 1, layers: [] });
    expect((await optimizeLottie(minimal)).length).toBeLessThanOrEqual(minimal.length);
  });

  it("refuses anything that is not Lottie", async () => {
    await expect(optimizeLottie(svgBytes(SAMPLE_SVG))).rejects.toMatchObject({
      reason: "invalid_input_file",
    });
  });
});

describe("lottie-to-dotlottie", () => {
  it("zips a version 1 manifest and the animation, and the dotLottie player plays the archive", async () => {
    const source = movingSquareLottie();
    const archive = await lottieToDotLottie(lottieBytes(source));
    expect([...archive.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const files = unzipSync(new Uint8Array(archive));
    expect(Object.keys(files).sort()).toEqual(["animations/moving-square.json", "manifest.json"]);
    const manifest = JSON.parse(strFromU8(files["manifest.json"]!));
    expect(manifest).toMatchObject({ version: "1", animations: [{ id: "moving-square", loop: true }] });
    expect(JSON.parse(strFromU8(files["animations/moving-square.json"]!))).toEqual(source);

    const fromArchive = await renderLottieFrame(new Uint8Array(archive), {
      width: 200,
      height: 100,
      frame: 30,
    });
    const fromJson = await renderLottieFrame(JSON.stringify(source), { width: 200, height: 100, frame: 30 });
    expect(alphaDifference(fromArchive, fromJson)).toBe(0);
    expect(fromArchive.some((v, i) => i % 4 === 3 && v > 0)).toBe(true);
  });

  it("names the animation 'animation' when the Lottie has no usable name", async () => {
    const { nm: _nm, ...unnamed } = movingSquareLottie();
    const files = unzipSync(new Uint8Array(await lottieToDotLottie(lottieBytes({ ...unnamed, nm: "???" }))));
    expect(Object.keys(files)).toContain("animations/animation.json");
  });
});
