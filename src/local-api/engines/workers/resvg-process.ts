// Draws an uploaded SVG with resvg in a child process (resvg-child.mjs) that can really be stopped: the
// deadline or the caller's signal kills it (SIGKILL), and it runs under an address-space limit so a
// render that asks for gigabytes of native memory fails inside the child, not in the server. One
// process per render: they start in tens of milliseconds, and the work queue bounds how many run.

import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { EngineError } from "../errors";

const CHILD = fileURLToPath(new URL("./resvg-child.mjs", import.meta.url));
/**
 * Address space of one render process. Node reserves about 0.9 GB of it before drawing anything, so
 * this leaves roughly 0.6 GB for resvg's pixmaps: a 4096 px render with filters needs about 0.2 GB.
 */
export const RESVG_ADDRESS_SPACE_KB = 1536 * 1024;
const CHILD_HEAP_MB = 64;

const live = new Set<ChildProcess>();

/** Render processes running now: tests count them; the bench adds their memory to the server's. */
export function liveRenderProcesses(): number[] {
  return [...live].flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
}

export interface ResvgJob {
  svg: Uint8Array;
  /** Output size along one edge; undefined: the SVG's own size, its long edge capped at maxEdge. */
  edge: { mode: "width" | "height"; value: number } | undefined;
  maxEdge: number;
  background?: string;
}

function startChild(): ChildProcess {
  const node = [process.execPath, `--max-old-space-size=${CHILD_HEAP_MB}`, CHILD];
  const options = {
    stdio: ["ignore", "ignore", "pipe", "ipc"] as const,
    serialization: "advanced" as const,
    env: { PATH: process.env.PATH ?? "" },
  };
  if (process.platform === "win32")
    return spawn(node[0]!, node.slice(1), { ...options, stdio: [...options.stdio] });
  // `ulimit -v` is the portable way to give a child an address-space limit; exec keeps the IPC channel.
  // A shell whose hard limit is already lower refuses to raise it: the render then runs under that one.
  const script = `ulimit -v ${RESVG_ADDRESS_SPACE_KB} 2>/dev/null; exec "$@"`;
  return spawn("/bin/sh", ["-c", script, "sh", ...node], { ...options, stdio: [...options.stdio] });
}

export function renderInChildProcess(
  job: ResvgJob,
  control: { signal?: AbortSignal; timeoutMs: number },
): Promise<Buffer> {
  const { signal, timeoutMs } = control;
  if (signal?.aborted) return Promise.reject(new EngineError("aborted", "The render was cancelled."));
  return new Promise((resolve, reject) => {
    const child = startChild();
    live.add(child);
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      if (stderr.length < 2000) stderr += chunk;
    });
    let settled = false;
    const finish = (error: EngineError | undefined, png?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      if (error) reject(error);
      else resolve(png!);
    };
    const timer = setTimeout(
      () => finish(new EngineError("conversion_timeout", `The render took longer than ${timeoutMs} ms.`)),
      timeoutMs,
    );
    const onAbort = () =>
      finish(
        signal?.reason instanceof EngineError
          ? signal.reason
          : new EngineError("aborted", "The render was cancelled."),
      );
    signal?.addEventListener("abort", onAbort, { once: true });
    child.once("exit", (code, killedBy) => {
      live.delete(child);
      const outOfMemory = /memory allocation of \d+ bytes failed/.test(stderr);
      finish(
        new EngineError(
          "conversion_failed",
          outOfMemory
            ? `The render needed more memory than its limit (${RESVG_ADDRESS_SPACE_KB >> 10} MB of address space).`
            : `The renderer stopped (${killedBy ?? `exit ${code}`}).`,
        ),
      );
    });
    child.once("error", (error) =>
      finish(new EngineError("conversion_failed", `The renderer could not start: ${error.message}`)),
    );
    child.on("message", (answer: { png?: Uint8Array; error?: string }) => {
      if (answer.png)
        finish(undefined, Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength));
      else finish(new EngineError("invalid_input_file", `The SVG cannot be drawn: ${answer.error}`));
    });
    child.send(job);
  });
}
