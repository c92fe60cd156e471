// Finds Debian's ffmpeg at run time. MP4 and WebM need it; without it those two operations are
// reported unavailable instead of failing when called.

import { spawnSync } from "node:child_process";

let cached: { path: string; available: boolean } | undefined;

/** The ffmpeg command to run: FFMPEG_PATH when set, else `ffmpeg` on PATH. */
export function ffmpegCommand(): string {
  return process.env.FFMPEG_PATH || "ffmpeg";
}

export function hasFfmpeg(): boolean {
  const path = ffmpegCommand();
  if (cached?.path === path) return cached.available;
  const probe = spawnSync(path, ["-hide_banner", "-version"], { stdio: "ignore", timeout: 5000 });
  cached = { path, available: probe.status === 0 };
  return cached.available;
}
