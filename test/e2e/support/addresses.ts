// Loopback origins for the tests of where the ui may reach: one where nothing listens, and one that
// counts every request reaching it (a refused request must leave it at zero).
import { createServer } from "node:http";
import { type AddressInfo, createServer as createTcpServer } from "node:net";

/** A loopback address where nothing listens: a port the OS just handed out, closed again. */
export async function closedPort(): Promise<string> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

export interface CountingOrigin {
  url: string;
  /** How many requests have reached it so far. */
  hits(): number;
  close(): Promise<void>;
}

/** Another origin on this machine, answering a tiny SVG to anyone and counting every request. */
export async function countingOrigin(): Promise<CountingOrigin> {
  let hits = 0;
  const server = createServer((_request, response) => {
    hits += 1;
    response.writeHead(200, { "access-control-allow-origin": "*", "content-type": "image/svg+xml" });
    response.end('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
