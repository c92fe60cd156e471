// Shared by the conversion, AI and reverse-search tests: small inputs built in code, multipart
// posting, and polling a job or task until it finishes (bounded by attempts, never by a clock).

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import type { LocalApi } from "../../src/local-api/app";
import { slidingSquare } from "./engines/fixtures";
import { allIcons, type Icon, random, sample } from "./engines/icon-set";
import { account, type Loose, type RunningLocalApi } from "./support";

/** Accounts for the work tests: generous write limits, so one file's many POSTs never hit 429. */
export function worker(clientId: string, overrides: Record<string, unknown> = {}) {
  return account({
    client_id: clientId,
    client_secret: `${clientId}-secret`,
    rate_limits: { reads_per_minute: 100_000, writes_per_minute: 100_000 },
    ...overrides,
  });
}

export const headersOf = (clientId: string, extra: Record<string, string> = {}) => ({
  "Client-ID": clientId,
  "Client-Secret": `${clientId}-secret`,
  ...extra,
});

export function fileForm(bytes: Uint8Array, name: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

export function postForm(
  server: RunningLocalApi,
  path: string,
  form: FormData,
  headers: Record<string, string>,
): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: "POST", headers, body: form });
}

export async function credits(server: RunningLocalApi, clientId: string): Promise<Loose> {
  const response = await fetch(`${server.url}/v3/credits`, { headers: headersOf(clientId) });
  return (await response.json()).response.credits;
}

/** GET `path` of an instance with no server in front (in-process), as `clientId`. */
export const getInProcess = (api: Pick<LocalApi, "fetch">, path: string, clientId: string) =>
  api.fetch(new Request(`http://127.0.0.1${path}`, { headers: headersOf(clientId) }));

/** The credits `clientId` used this period, as GET /v3/credits answers them in-process. */
export async function usedCreditsInProcess(api: Pick<LocalApi, "fetch">, clientId: string): Promise<number> {
  const response = await getInProcess(api, "/v3/credits", clientId);
  if (response.status !== 200) throw new Error(`GET /v3/credits answered ${response.status}`);
  return ((await response.json()) as Loose).response.credits.used;
}

/** Polls GET `path` until `done(body)`; up to `attempts` polls, 25 ms apart. */
export async function pollUntil(
  server: RunningLocalApi,
  path: string,
  headers: Record<string, string>,
  done: (body: Loose) => boolean,
  attempts = 2400,
): Promise<Loose> {
  for (let i = 0; i < attempts; i++) {
    const body = await (await fetch(`${server.url}${path}`, { headers })).json();
    if (done(body)) return body;
    await sleep(25);
  }
  throw new Error(`${path} did not finish`);
}

export const pollJob = (server: RunningLocalApi, uuid: string, headers: Record<string, string>) =>
  pollUntil(server, `/v3/convert/jobs/${uuid}`, headers, (b) =>
    ["completed", "failed"].includes(b.response?.job?.status),
  ).then((b) => b.response.job);

export const pollTask = (server: RunningLocalApi, id: string, headers: Record<string, string>) =>
  pollUntil(server, `/v3/ai/tasks/${id}`, headers, (b) =>
    ["COMPLETED", "FAILED"].includes(b.response?.task?.status),
  ).then((b) => b.response.task);

export const encode = (text: string) => new TextEncoder().encode(text);

export const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 60 40">
  <rect x="5" y="5" width="20" height="30" fill="#00aa00"/>
  <circle cx="45" cy="20" r="10" fill="#0000ff"/>
</svg>`;

/** An SVG that takes the renderer a long time (layered blurs over 1024 px: about 1.5 s on 2 cores): for timeouts and in-flight keys. */
export const SLOW_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 100 100">
  <defs><filter id="b"><feGaussianBlur stdDeviation="12"/></filter></defs>
  ${Array.from({ length: 12 }, (_, i) => `<circle cx="${10 + i * 7}" cy="${20 + i * 5}" r="30" fill="#${(i * 20).toString(16).padStart(2, "0")}4080" filter="url(#b)"/>`).join("")}
</svg>`;

export const lottie = () => encode(JSON.stringify(slidingSquare()));

/** A 64x48 PNG: a red rectangle on white. */
export async function png(): Promise<Buffer> {
  const red = await sharp({ create: { width: 32, height: 24, channels: 4, background: "#ff0000" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 64, height: 48, channels: 4, background: "#ffffff" } })
    .composite([{ input: red, left: 16, top: 12 }])
    .png()
    .toBuffer();
}

export const jpg = async () =>
  sharp(await png())
    .jpeg()
    .toBuffer();

/** A JSON-lines catalogue of `count` real icons (replacing the packaged sets): a reverse index in a second. */
export function smallCatalogue(count: number, seed = 7): { path: string; icons: Icon[] } {
  const icons = sample(allIcons(), count, random(seed));
  const dir = mkdtempSync(join(tmpdir(), "work-catalogue-"));
  const lines = [JSON.stringify({ replace_builtin: true })];
  icons.forEach((icon, i) => {
    lines.push(
      JSON.stringify({
        name: `icon-${i}`,
        type: "icon",
        svg: icon.svg,
        contributor: "testset",
        categories: [i % 2 === 0 ? "even" : "odd"],
        price: i % 4 === 0 ? "premium" : "free",
      }),
    );
  });
  const path = join(dir, "catalogue.jsonl");
  writeFileSync(path, lines.join("\n"));
  return { path, icons };
}
