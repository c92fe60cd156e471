// Decodes encoded video with ffmpeg so render tests check frames, not just headers.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface DecodedVideo {
  codec: string;
  width: number;
  height: number;
  frames: number;
  /** RGBA of the first decoded frame. */
  first: Buffer;
  /** RGBA of the last decoded frame. */
  last: Buffer;
}

export function decodeVideo(bytes: Buffer, extension: "mp4" | "webm"): DecodedVideo {
  const dir = mkdtempSync(join(tmpdir(), "assetport-video-test-"));
  try {
    const file = join(dir, `in.${extension}`);
    writeFileSync(file, bytes);
    const probe = spawnSync(
      "ffprobe",
      [
        "-v",
        "error",
        "-count_frames",
        "-select_streams",
        "v:0",
        "-show_entries",
        "stream=codec_name,width,height,nb_read_frames",
        "-of",
        "json",
        file,
      ],
      { encoding: "utf8" },
    );
    const stream = (JSON.parse(probe.stdout) as { streams: Array<Record<string, string | number>> })
      .streams[0]!;
    const raw = spawnSync(
      "ffmpeg",
      ["-v", "error", "-i", file, "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"],
      { maxBuffer: 512 * 1024 * 1024 },
    );
    const width = Number(stream.width);
    const height = Number(stream.height);
    const frameBytes = width * height * 4;
    const all = raw.stdout as Buffer;
    return {
      codec: String(stream.codec_name),
      width,
      height,
      frames: Number(stream.nb_read_frames),
      first: all.subarray(0, frameBytes),
      last: all.subarray(all.length - frameBytes),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
