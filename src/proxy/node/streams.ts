// A web ReadableStream over a Node readable that reads only when the consumer asks. Node 20's
// Readable.toWeb counts its buffer in chunks, not bytes, so a fast sender and a slower receiver pile
// a whole body up in memory; pulling through the async iterator leaves the socket paused instead.

import type { Readable } from "node:stream";

export function pulledStream(source: Readable): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
