// A proxy in a child process of its own, so that its memory and sockets are measured apart from the
// test's and the load generator's. The child answers "ready" with its URL, and named questions
// ("stats", "memory", ...) with what it measured.

import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

export interface ForkedProxy {
  url: string;
  /** The child's process id (its memory can be read from /proc). */
  pid: number | undefined;
  ask<T>(question: string): Promise<T>;
  stop(): Promise<void>;
}

export async function forkProxy(script: URL, args: string[]): Promise<ForkedProxy> {
  const child: ChildProcess = fork(fileURLToPath(script), args, {
    // --expose-gc: the child collects garbage before it reports memory.
    execArgv: ["--import", "tsx", "--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const url = await new Promise<string>((resolve) =>
    child.once("message", (m) => resolve((m as { url: string }).url)),
  );
  return {
    url,
    pid: child.pid,
    ask: <T>(question: string) =>
      new Promise<T>((resolve) => {
        child.once("message", (answer) => resolve(answer as T));
        child.send(question);
      }),
    async stop() {
      const exited = once(child, "exit");
      child.kill();
      await exited;
    },
  };
}
