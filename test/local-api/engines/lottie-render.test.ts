import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { hasFfmpeg } from "../../../src/local-api/engines/lottie/ffmpeg";
import { renderLottie } from "../../../src/local-api/engines/lottie/render-lottie";
import { planRender } from "../../../src/local-api/engines/lottie/render-params";
import { lottieBytes, movingSquareLottie, rgba } from "./fixtures";
import { gifAgainstRender } from "./gif-against-render";
import { decodeVideo } from "./video";

const animation = lottieBytes(movingSquareLottie());

/** x of the centre of the red square in a straight RGBA frame. */
function redCentre(data: Uint8Array, width: number): number {
  let [sum, count] = [0, 0];
  for (let i = 0; i < data.length; i += 4) {
    if (data[i]! > 200 && data[i + 1]! < 80 && data[i + 2]! < 80 && data[i + 3]! > 200) {
      sum += (i / 4) % width;
      count++;
    }
  }
  return sum / count;
}

describe("render planning", () => {
  const timing = { w: 200, h: 100, fr: 60, ip: 0, op: 120 };
  it("defaults to the animation's size, caps the frame rate at 30 and keeps the duration", () => {
    const plan = planRender(timing, {});
    expect([plan.width, plan.height, plan.fps, plan.frames.length]).toEqual([200, 100, 30, 60]);
    expect(plan.frames[1]).toBe(2); // every second source frame
  });
  it("follows the aspect ratio when one side is given, and evens sizes for video", () => {
    expect(planRender(timing, { width: 101 }, true)).toMatchObject({ width: 100, height: 50 });
    expect(planRender(timing, { height: 300 })).toMatchObject({ width: 600, height: 300 });
  });
  it("refuses animations longer than 10 minutes as invalid input", () => {
    expect(() => planRender({ ...timing, op: 60 * 601 }, {})).toThrow(
      expect.objectContaining({ reason: "invalid_input_file" }),
    );
  });
  it("refuses sizes outside 16..1024 and fractional sizes", () => {
    for (const width of [15, 1025, 20.5])
      expect(() => planRender(timing, { width })).toThrow(/width must be/);
  });
  it("keeps the pixel budget by sampling long animations more sparsely", () => {
    const plan = planRender({ ...timing, op: 60 * 60 }, { width: 1024, height: 1024 });
    expect(plan.frames.length * 1024 * 1024).toBeLessThanOrEqual(64 * 1024 * 1024);
    expect(plan.frames.at(-1)).toBeGreaterThan(3000); // still spans the whole animation
  });
});

describe("lottie-to-gif and lottie-to-webp", () => {
  for (const format of ["gif", "webp"] as const) {
    it(`${format}: an animated image whose frames show the square moving, lasting the animation's 2 s`, async () => {
      const out = await renderLottie(animation, format, { width: 100 });
      const meta = await sharp(out, { pages: -1 }).metadata();
      expect(meta.format).toBe(format);
      expect(meta.width).toBe(100);
      expect(meta.pageHeight).toBe(50);
      expect(meta.pages).toBeGreaterThan(20); // identical neighbours may be merged by the encoder
      const total = meta.delay!.reduce((a, b) => a + b, 0);
      expect(Math.abs(total - 2000)).toBeLessThanOrEqual(40);
      const first = await rgba(out, 0);
      const last = await rgba(out, meta.pages! - 1);
      expect(redCentre(first.data, 100)).toBeLessThan(25);
      expect(redCentre(last.data, 100)).toBeGreaterThan(75);
    });
  }

  it("webp keeps the half-transparent disc's alpha", async () => {
    const webp = await rgba(await renderLottie(animation, "webp", {}));
    const [, , blue, alpha] = webp.at(100, 50);
    expect(blue).toBeGreaterThan(230);
    expect(alpha).toBeGreaterThan(110);
    expect(alpha).toBeLessThan(145);
  });

  it("gif is clear around the art on every frame, and the sliding square leaves no trail", async () => {
    const gif = await renderLottie(animation, "gif", { width: 100 });
    const checked = await gifAgainstRender(gif, animation, { width: 100 });
    expect(checked.frames.length).toBeGreaterThan(20);
    for (const frame of checked.frames) {
      expect(frame.corners).toEqual([0, 0, 0, 0]);
      expect([frame.partial, frame.cleared, frame.lost]).toEqual([0, 0, 0]);
    }
    // Where the square starts is clear again at the end, where it ends is drawn.
    const last = await rgba(gif, checked.frames.length - 1);
    expect(last.at(15, 25)[3]).toBe(0);
    expect(last.at(85, 25)).toEqual([255, 0, 0, 255]);
    expect((await rgba(gif, 0)).at(15, 25)).toEqual([255, 0, 0, 255]);
  });

  it("gif mattes the partly clear pixels it keeps against mid grey, not white", async () => {
    // The disc made 75 % opaque: over the GIF threshold, so kept, blended a quarter with the matte.
    const lottie = movingSquareLottie() as { layers: Array<{ ks: Record<string, unknown> }> };
    lottie.layers[1]!.ks.o = { a: 0, k: 75 };
    const gif = await rgba(await renderLottie(lottieBytes(lottie), "gif", {}));
    const [r, g, b, a] = gif.at(100, 50);
    expect(a).toBe(255);
    for (const grey of [r, g]) expect(Math.abs(grey - 32)).toBeLessThanOrEqual(10);
    expect(Math.abs(b - 223)).toBeLessThanOrEqual(10);
  });

  it("refuses a file that is not Lottie", async () => {
    await expect(renderLottie(new TextEncoder().encode("{}"), "gif")).rejects.toMatchObject({
      reason: "invalid_input_file",
    });
  });
});

describe.skipIf(!hasFfmpeg())("lottie-to-mp4 and lottie-to-webm", () => {
  for (const [format, codec] of [
    ["mp4", "h264"],
    ["webm", "vp9"],
  ] as const) {
    it(`${format}: ${codec} video with every frame, the square moving across`, async () => {
      const video = decodeVideo(await renderLottie(animation, format, { width: 120 }), format);
      expect(video.codec).toBe(codec);
      expect([video.width, video.height]).toEqual([120, 60]);
      expect(video.frames).toBe(60);
      expect(redCentre(video.first, 120)).toBeLessThan(30);
      expect(redCentre(video.last, 120)).toBeGreaterThan(90);
    });
  }
});

describe("bounds on a render", () => {
  const heavy = lottieBytes(movingSquareLottie({ op: 3000, fr: 30 }));
  it("a deadline ends the job with conversion_timeout", async () => {
    await expect(renderLottie(heavy, "gif", { width: 1024, timeoutMs: 1 })).rejects.toMatchObject({
      reason: "conversion_timeout",
    });
  });
  it("an abort signal cancels it, while rendering or encoding", async () => {
    const controller = new AbortController();
    const pending = renderLottie(heavy, "webp", { width: 1024, signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(pending).rejects.toMatchObject({ reason: "aborted" });
  });
  it("renders keep working after cancelled and timed-out jobs (their workers are replaced)", async () => {
    for (let i = 0; i < 3; i++) {
      const gif = await renderLottie(animation, "gif", { width: 64 });
      expect((await sharp(gif).metadata()).format).toBe("gif");
    }
  });
});

describe("ffmpeg detection", () => {
  const saved = process.env.FFMPEG_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.FFMPEG_PATH;
    else process.env.FFMPEG_PATH = saved;
  });
  it("reports video as unavailable when the configured ffmpeg does not exist", async () => {
    process.env.FFMPEG_PATH = "/nonexistent/ffmpeg";
    expect(hasFfmpeg()).toBe(false);
    await expect(renderLottie(animation, "mp4")).rejects.toMatchObject({ reason: "conversion_failed" });
  });
});
