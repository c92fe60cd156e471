// image_url naming one of the local API's own previews (an asset placed from its catalogue, used as
// the input of image-to-image or image-to-3d): read in-process and handed to the provider, while any
// other inside address, and anything on its own origin that is not a public preview, stays refused.

import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { ScriptedProvider } from "./scripted-provider";
import { json, type RunningLocalApi, startLocalApi } from "./support";
import { credits, headersOf, worker } from "./work-support";

const AI = headersOf("maker");
let server: RunningLocalApi | undefined;
let provider: ScriptedProvider;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(publicBaseUrl?: string) {
  provider = new ScriptedProvider();
  server = await startLocalApi({
    accounts: { clients: [worker("maker")] },
    aiProvider: provider,
    ...(publicBaseUrl ? { publicBaseUrl } : {}),
  });
  return server;
}

async function someIcon(running: RunningLocalApi): Promise<{ uuid: string; urls: Record<string, string> }> {
  const body = await json(await running.get("/v3/search?query=star&per_page=1", AI));
  return body.response.items.data[0];
}

const generate = (running: RunningLocalApi, op: string, body: unknown) =>
  fetch(`${running.url}/v3/ai/${op}`, {
    method: "POST",
    headers: { ...AI, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("image_url on the local API's own previews", () => {
  it("reads a served PNG preview in-process and hands its bytes to the provider", async () => {
    const running = await start();
    const icon = await someIcon(running);
    const url = icon.urls.png_256!;
    expect(new URL(url).origin).toBe(running.url);
    const response = await generate(running, "image-to-image", { model: "sketch-1", image_url: url });
    expect(response.status).toBe(202);
    const work = provider.dispatched.at(-1)!;
    expect(work.image_url).toBe(url);
    expect(work.image?.contentType).toBe("image/png");
    const served = new Uint8Array(await (await fetch(url)).arrayBuffer());
    expect(Buffer.from(work.image!.bytes).equals(Buffer.from(served))).toBe(true);
    expect(await sharp(work.image!.bytes).metadata()).toMatchObject({ width: 256, height: 256 });
  });

  it("behind the embedded proxy's made-up origin, the SVG preview is read the same way", async () => {
    const running = await start("http://local-api.invalid");
    const icon = await someIcon(running);
    expect(icon.urls.svg).toMatch(/^http:\/\/local-api\.invalid\/previews\//);
    const response = await generate(running, "image-to-3d", { model: "mesh-1", image_url: icon.urls.svg });
    expect(response.status).toBe(202);
    const work = provider.dispatched.at(-1)!;
    expect(work.image?.contentType).toBe("image/svg+xml");
    expect(Buffer.from(work.image!.bytes).toString()).toMatch(/<svg/);
  });

  it("refuses, uncharged, anything on its origin that is not a public preview, and other inside hosts", async () => {
    const running = await start();
    const icon = await someIcon(running);
    const before = (await credits(running, "maker")).used;
    const port = new URL(running.url).port;
    const refusedUrls = [
      `${running.url}/v3/credits`,
      `${running.url}/files/${icon.uuid}.svg`,
      `${running.url}/previews/${icon.uuid}.svg?x=1`,
      `${running.url}/previews/no-such-asset.svg`,
      `${running.url}/previews/${icon.uuid}/13.png`,
      `http://127.0.0.1:${Number(port) + 1}/previews/${icon.uuid}.svg`,
      `http://localhost:${port}/previews/${icon.uuid}.svg`,
    ];
    const dispatched = provider.dispatched.length;
    for (const image_url of refusedUrls) {
      const response = await generate(running, "image-to-image", { model: "sketch-1", image_url });
      const body = await json(response);
      expect([image_url, response.status, body.data.reason]).toEqual([image_url, 422, "invalid_request"]);
      expect(body.data.message).toMatch(/image_url is refused/);
    }
    expect(provider.dispatched.length).toBe(dispatched);
    expect((await credits(running, "maker")).used).toBe(before);
  });

  it("an own preview is still no image for text-to-3d", async () => {
    const running = await start();
    const icon = await someIcon(running);
    const response = await generate(running, "text-to-3d", {
      model: "mesh-1",
      prompt: "a chair",
      image_url: icon.urls.svg,
    });
    expect(response.status).toBe(422);
    expect((await json(response)).data.message).toMatch(/takes no image/);
  });
});
