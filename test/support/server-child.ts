// A server entry (`npm run local-api`'s src/local-api/serve.ts, or the proxy's src/server/serve-proxy.ts) in a
// child process under the TypeScript loader, for tests that stop, kill or double-start a real server.
// It binds a port of its own choosing (PORT=0) and names it in its listening line, so no port is
// picked here and released before the child binds it.

import { type ChildProcess, spawn } from "node:child_process";

/** The local API has printed its origin and its catalogue: it answers from here on. */
export const LOCAL_API_READY = /listening on http:\/\/127\.0\.0\.1:\d+[\s\S]*catalogue: .*\n/;
/** The proxy has printed its origin and its upstream. */
export const PROXY_READY = /listening on http:\/\/127\.0\.0\.1:\d+[\s\S]*upstream: .*\n/;

export interface ServerChild {
  child: ChildProcess;
  /** The exit code; null when a signal ended it. */
  exited: Promise<number | null>;
  /** The server's origin once `readyLine` is printed; rejects when it exits before. */
  ready: Promise<string>;
  /** Both streams as printed so far. */
  output(): string;
  stderr(): string;
}

export function startServerChild(entry: string, env: Record<string, string>, readyLine: RegExp): ServerChild {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: { ...process.env, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const ready = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const origin = readyLine.test(output) && /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (origin) resolve(origin);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      read(chunk);
    });
    void exited.then((code) => reject(new Error(`the server exited (${code}) at start: ${output}`)));
  });
  ready.catch(() => {}); // a start expected to be refused is awaited through `exited`
  return { child, exited, ready, output: () => output, stderr: () => stderr };
}
