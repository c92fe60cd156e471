// A url the fetcher cannot reach is refused in the same words whatever the socket said, so the
// refusal is no port scanner: a closed port and a host that resets read alike.

import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { isApiError } from "../../src/api/contract/errors";
import { createImageFetcher } from "../../src/local-api/net/fetch-image";

async function refusalFor(url: string): Promise<string> {
  const host = new URL(url).host;
  const fetcher = createImageFetcher(
    { resolve: async () => ["93.184.216.34"], trustedHosts: new Set([host]) },
    { maxBytes: 1024, timeoutMs: 5000, maxRedirects: 1 },
  );
  const error = await fetcher(url).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.message;
}

describe("unreachable urls", () => {
  it("say 'could not be fetched' for a closed port and for a reset, never the socket's error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const resetting = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => resetting.listen(0, "127.0.0.1", resolve));
    const resetPort = (resetting.address() as { port: number }).port;
    try {
      const refused = await refusalFor(`http://127.0.0.1:${closedPort}/a.png`);
      const reset = await refusalFor(`http://127.0.0.1:${resetPort}/a.png`);
      expect(refused).toBe("url could not be fetched.");
      expect(reset).toBe(refused);
      expect(refused).not.toMatch(/ECONN|127\.0\.0\.1|socket/);
    } finally {
      await new Promise<void>((resolve) => resetting.close(() => resolve()));
    }
  });
});
