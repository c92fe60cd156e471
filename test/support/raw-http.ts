// Raw bytes to a server, for requests fetch would never send (malformed request lines and headers,
// odd targets): reads what comes back until the server closes the connection.

import { connect } from "node:net";

/** A server that has not answered in this long is hanging, which is the failure being looked for. */
const HANG_MS = 20_000;

export function rawRequest(url: string, head: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let text = "";
    socket.setTimeout(HANG_MS, () => reject(new Error(`no answer to ${JSON.stringify(head.slice(0, 120))}`)));
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
    });
    socket.on("end", () => resolve(text));
    socket.on("error", (error) =>
      (error as NodeJS.ErrnoException).code === "ECONNRESET" ? resolve(text) : reject(error),
    );
  });
}

/** The malformed request heads Node's parser refuses before any app sees them. */
export const MALFORMED_HEADS = [
  "GET /v3/credits HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n",
  "GET /v3/credits HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: x\r\n\r\n",
  "GET /v3/credits HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
  "POST /v3/convert/svg-to-png HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
  "GET /v3/credits HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n",
  "NOTAMETHOD /v3/credits HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
  `GET /v3/credits HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: ${"a".repeat(20_000)}\r\n\r\n`,
  "GET /v3/cred\u0000its HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
  // Methods a web Request cannot carry, and Hosts no URL can be built from: refused before the app.
  "TRACE /v3/credits HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
  "TRACK /v3/credits HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
  "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n",
  "PROPFIND /v3/credits HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
  "GET /v3/credits HTTP/1.1\r\nHost: exa mple\r\n\r\n",
  "GET /v3/credits HTTP/1.1\r\nHost: [::1\r\n\r\n",
  "GET /v3/credits HTTP/1.1\r\nHost: a@127.0.0.1\r\n\r\n",
  "GET /v3/credits HTTP/1.1\r\nHost: 127.0.0.1:99999\r\n\r\n",
  "GET /v3/credits HTTP/1.1\r\n\r\n",
  "GET /v3/credits HTTP/1.0\r\n\r\n",
];

/** The status of a raw answer, and whether its body is the v3 envelope. */
export function readRawAnswer(answer: string): { status: number; enveloped: boolean } {
  return {
    status: Number(answer.split("\r\n")[0]?.split(" ")[1]),
    enveloped: /\{"data":\{"reason":"[a-z_]+","message":/.test(answer),
  };
}
