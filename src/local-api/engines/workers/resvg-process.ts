// Draws an uploaded SVG with resvg in a child process (resvg-child.mjs) that can really be stopped: the
// deadline or the caller's signal kills it (SIGKILL), and it runs under an address-space limit so a
// render that asks for gigabytes of native memory fails inside the child, not in the server. A process
// that answered waits (unreferenced) for the next render, a killed one is replaced; the work queue
// bounds how many render at once.

import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Socket } from "node:net";
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

/** Idle render processes kept for the next render (unreferenced: they never keep the server alive). */
const MAX_IDLE = 2;
const idle: ChildProcess[] = [];
const leaving = new Map<ChildProcess, () => void>();
let nextJob = 1;

function takeChild(): ChildProcess {
  for (let child = idle.pop(); child; child = idle.pop()) {
    const leave = leaving.get(child);
    if (leave) child.off("exit", leave);
    leaving.delete(child);
    if (child.connected && child.exitCode === null && child.signalCode === null) {
      child.ref();
      child.channel?.ref();
      (child.stderr as Socket | null)?.ref();
      return child;
    }
  }
  const child = startChild();
  live.add(child);
  child.once("exit", () => live.delete(child));
  // A render listens for errors only while it runs; one while the process is idle or being killed
  // (a failed send or kill) would otherwise be an 'error' event nobody hears, which throws in the
  // server itself. A process in that state is ended: its 'exit' takes it out of the idle list.
  let ending = false; // a failed kill emits 'error' again: kill once
  child.on("error", () => {
    if (ending || child.exitCode !== null || child.signalCode !== null) return;
    ending = true;
    child.kill("SIGKILL");
  });
  return child;
}

/** A process grown past this (its allocator keeps a large render's pages) is ended, not kept. */
const MAX_IDLE_RSS_BYTES = 160 * 1024 * 1024;

function residentBytes(pid: number | undefined): number {
  if (pid === undefined || process.platform !== "linux") return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function releaseChild(child: ChildProcess): void {
  if (idle.length >= MAX_IDLE || !child.connected || residentBytes(child.pid) > MAX_IDLE_RSS_BYTES) {
    child.kill("SIGKILL");
    return;
  }
  // The process, its IPC channel and its stderr pipe each hold the event loop open: none may.
  child.unref();
  child.channel?.unref();
  (child.stderr as Socket | null)?.unref();
  const leave = () => {
    const at = idle.indexOf(child);
    if (at >= 0) idle.splice(at, 1);
  };
  child.once("exit", leave);
  leaving.set(child, leave);
  idle.push(child);
}

/** Ends the idle render processes (shutdown, tests); running renders are not affected. */
export function closeRenderProcesses(): void {
  for (const child of idle.splice(0)) child.kill("SIGKILL");
}

/** Ends every render process, running ones too (shutdown: no render outlives its server). */
export function killRenderProcesses(): void {
  closeRenderProcesses();
  for (const child of live) child.kill("SIGKILL");
}

export function renderInChildProcess(
  job: ResvgJob,
  control: { signal?: AbortSignal; timeoutMs: number },
): Promise<Buffer> {
  const { signal, timeoutMs } = control;
  if (signal?.aborted) return Promise.reject(new EngineError("aborted", "The render was cancelled."));
  return new Promise((resolve, reject) => {
    const id = nextJob++;
    const child = takeChild();
    let stderr = "";
    const onStderr = (chunk: string) => {
      if (stderr.length < 2000) stderr += chunk;
    };
    child.stderr?.setEncoding("utf8").on("data", onStderr);
    let settled = false;
    /** `reusable`: the process answered and waits for the next render; otherwise it is killed. */
    const finish = (error: EngineError | undefined, png?: Buffer, reusable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      child.stderr?.off("data", onStderr);
      child.off("exit", onExit);
      child.off("error", onError);
      child.off("message", onMessage);
      if (reusable) releaseChild(child);
      else if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
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
    const onExit = (code: number | null, killedBy: NodeJS.Signals | null) => {
      const outOfMemory = /memory allocation of \d+ bytes failed/.test(stderr);
      finish(
        new EngineError(
          "conversion_failed",
          outOfMemory
            ? `The render needed more memory than its limit (${RESVG_ADDRESS_SPACE_KB >> 10} MB of address space).`
            : `The renderer stopped (${killedBy ?? `exit ${code}`}).`,
        ),
      );
    };
    const onError = (error: Error) =>
      finish(new EngineError("conversion_failed", `The renderer could not start: ${error.message}`));
    const onMessage = (answer: { id: number; png?: Uint8Array; error?: string }) => {
      if (answer.id !== id) return;
      if (answer.png)
        finish(undefined, Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength), true);
      else
        finish(
          new EngineError("invalid_input_file", `The SVG cannot be drawn: ${answer.error}`),
          undefined,
          true,
        );
    };
    child.once("exit", onExit);
    child.once("error", onError);
    child.on("message", onMessage);
    child.send({ id, ...job });
  });
}
