// An Assetport layer as the image of image-to-image, the whole way as `npm start` runs it: the ui's
// client asks the proxy for the layer's asset, takes the service's own preview URL (not the proxy's
// signed link) as image_url, the proxy lets the service's own host through its URL guard, and the
// embedded local API reads that preview in-process for the provider.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createLocalApi, type LocalApi } from "../../../src/local-api/app";
import { createProxy } from "../../../src/proxy/app";
import { type RunningProxy, serveProxy } from "../../../src/proxy/node/server";
import { LOCAL_UPSTREAM_ORIGIN } from "../../../src/server/embedded-service";
import { imageUrlOfAsset } from "../../../src/ui/ai/image-source";
import { createUiApi } from "../../../src/ui/services/ui-api";
import { ScriptedProvider } from "../../local-api/scripted-provider";
import { worker } from "../../local-api/work-support";

const TOKEN = "ai-team-token-0123456789";
let api: LocalApi;
let proxy: RunningProxy;
let stateDir: string;
const provider = new ScriptedProvider();

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "ai-own-preview-"));
  api = createLocalApi({
    stateDir,
    publicBaseUrl: LOCAL_UPSTREAM_ORIGIN,
    accounts: { clients: [worker("embedded")] },
    aiProvider: provider,
  });
  const app = createProxy({
    upstream: (request) => api.fetch(request),
    fetchFile: (request) => api.fetch(request),
    upstreamBaseUrl: LOCAL_UPSTREAM_ORIGIN,
    clientId: "embedded",
    clientSecret: "embedded-secret",
    tokens: [{ label: "design", token: TOKEN }],
    log: () => undefined,
  });
  proxy = await serveProxy(app.fetch, { host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await proxy.close();
  await api.close();
  rmSync(stateDir, { recursive: true, force: true });
});

it("the selected asset's preview reaches the provider through the proxy", async () => {
  const client = createUiApi(proxy.url, TOKEN, { retry: { rateLimitRetries: 0, failureRetries: 0 } });
  const found = await client.search({ query: "star", per_page: 1 });
  const asset = found.data[0]!;
  // The grid's links are written from the window's grant; the image_url is the service's own.
  expect(asset.urls.png_512 ?? asset.urls.svg).toMatch(new RegExp(`^${proxy.url}/relay/g\\?`));
  const imageUrl = await imageUrlOfAsset(client, asset.uuid);
  expect(imageUrl).toMatch(new RegExp(`^${LOCAL_UPSTREAM_ORIGIN}/previews/${asset.uuid}/`));

  const submitted = await client.aiSubmit("image-to-image", { model: "sketch-1", image_url: imageUrl });
  expect(submitted.taskIds).toHaveLength(1);
  const work = provider.dispatched.at(-1)!;
  expect(work.image_url).toBe(imageUrl);
  expect(await sharp(work.image!.bytes).metadata()).toMatchObject({ format: "png" });
});
