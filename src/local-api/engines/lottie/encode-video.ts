// Encodes rendered frames to MP4 (H.264) or WebM (VP9) with a spawned ffmpeg, frames piped to its
// stdin as raw RGBA. Video has no alpha here: the renderer hands over frames already flattened.

import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EngineError } from "../errors";
import { ffmpegCommand, hasFfmpeg } from "./ffmpeg";
import type { RenderPlan } from "./render-params";

export type VideoFormat = "mp4" | "webm";

const CODEC_ARGS: Record<VideoFormat, string[]> = {
  // +faststart puts the index first so a browser can play while downloading; yuv420p plays everywhere.
  mp4: [
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "23",
    "-pix_fmt",
    "yuv420p",
    "-movflags",
    "+faststart",
  ],
  webm: [
    "-c:v",
    "libvpx-vp9",
    "-b:v",
    "0",
    "-crf",
    "34",
    "-deadline",
    "realtime",
    "-cpu-used",
    "8",
    "-pix_fmt",
    "yuv420p",
  ],
};

export interface VideoEncoder {
  /** Writes one frame; resolves when ffmpeg has taken it (back-pressure). */
  write(pixels: Uint8Array): Promise<void>;
  /** Closes the input and resolves with the encoded file. */
  finish(): Promise<Buffer>;
  /** Kills ffmpeg and removes its temporary file. */
  abort(): void;
}

/**
 * Starts ffmpeg for one video. It writes to a temporary file rather than stdout because MP4's
 * faststart needs a seekable output.
 */
export async function startVideoEncoder(plan: RenderPlan, format: VideoFormat): Promise<VideoEncoder> {
  if (!hasFfmpeg()) throw new EngineError("conversion_failed", "ffmpeg is not installed on this server.");
  const dir = await mkdtemp(join(tmpdir(), "assetport-video-"));
  const output = join(dir, `out.${format}`);
  const args = ["-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgba"];
  args.push("-s", `${plan.width}x${plan.height}`, "-r", plan.fps.toFixed(4), "-i", "pipe:0");
  args.push("-an", ...CODEC_ARGS[format], "-y", output);
  const child = spawn(ffmpegCommand(), args, { stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on("close", resolve);
    child.on("error", () => resolve(-1));
  });
  child.stdin.on("error", () => {}); // a dead ffmpeg is reported through its exit code below
  const cleanup = () => rm(dir, { recursive: true, force: true });

  return {
    write: (pixels) =>
      new Promise((resolve) => {
        if (child.stdin.write(pixels)) resolve();
        else child.stdin.once("drain", resolve);
      }),
    async finish() {
      child.stdin.end();
      const code = await exited;
      try {
        if (code !== 0)
          throw new EngineError("conversion_failed", `ffmpeg failed (${code}): ${stderr.trim()}`);
        return await readFile(output);
      } finally {
        await cleanup();
      }
    },
    abort() {
      child.kill("SIGKILL");
      void exited.then(cleanup);
    },
  };
}
