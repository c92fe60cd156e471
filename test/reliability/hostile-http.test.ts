// Hostile input, drawn by fast-check, against the proxy (configured as an operator runs it, in front
// of the local API) and against the local API itself: malformed queries, JSON, forms and multipart
// bodies, odd headers, unknown operations and ids, oversize and undersize values, on every v3 route
// and the relay. Whatever arrives: no 5xx but a conversion's own 500/504, an answer every time, every
// refusal in the envelope, never the secret or a token, and both servers still in service afterwards.
// test/local-api/robustness.test.ts covers random search queries, paths and download bodies on the
// local API; test/proxy/refusals.test.ts the proxy's fixed refusals. This covers the rest.

import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_OPERATIONS, CONVERSION_OPERATIONS, CONVERSIONS } from "../../src/api/contract/tables";
import { stableUuid } from "../../src/local-api/catalog/uuid";
import { slidingSquareLottie } from "../local-api/engines/fixtures";
import { type LoopbackServer, serveOnLoopback } from "../support/loopback";
import { MALFORMED_HEADS, rawRequest, readRawAnswer } from "../support/raw-http";
import { CLIENT_ID, CLIENT_SECRET, type FaultStack, startFaultStack, TOKEN } from "./fixtures/fault-stack";

let stack: FaultStack;
let localApi: LoopbackServer;

beforeAll(async () => {
  // A deadline well above any conversion of these small inputs: a 504 here would be the proxy's.
  stack = await startFaultStack(60_000);
  localApi = await serveOnLoopback(stack.api.fetch);
});
afterAll(async () => {
  await localApi.close();
  await stack.close();
});

const ITEM = stableUuid("tabler", "heart", "outline");
const SECRETS = [CLIENT_SECRET, TOKEN];
/** Each request must be answered well within this; past it the server is taken to have hung. */
const HANG_MS = 20_000;

interface Hostile {
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  path: string;
  query: string;
  headers: Record<string, string>;
  /** Who sends it: the known caller, one with credentials nobody issued, or one with none. */
  caller?: "known" | "stranger" | "nobody";
  /** A function for a FormData, which is made afresh for each send. */
  body?: Uint8Array | string | (() => FormData);
}

// ---- the pieces a hostile request is made of ------------------------------------------------------

const ODD_STRINGS = [
  "",
  " ",
  "%",
  "%E0%A4%A",
  "%00",
  "\u0000",
  "..",
  "../../etc/passwd",
  "%2e%2e%2f",
  "-1",
  "0",
  "1e309",
  "NaN",
  "99999999999999999999999",
  "[]",
  "{}",
  "null",
  "true",
  "<svg/>",
  "'\";--",
  "x".repeat(5000),
  "\u{1F600}",
  "\uFFFD",
];
const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
);

const operation = fc.oneof(
  fc.constantFrom(...CONVERSION_OPERATIONS, ...AI_OPERATIONS),
  fc.constantFrom("PNG-TO-JPG", "svg-to-svg", "operations", "jobs", "tasks", "models", "%2e%2e"),
  fc.stringMatching(/^[a-z0-9-]{0,20}$/),
);
const anId = fc.oneof(fc.constant(ITEM), fc.uuid(), fc.stringMatching(/^[A-Za-z0-9_-]{0,40}$/));

const route = fc.oneof(
  fc.constant({ method: "GET" as const, path: "/v3/search" }),
  anId.map((id) => ({ method: "GET" as const, path: `/v3/items/${id}` })),
  anId.map((id) => ({ method: "POST" as const, path: `/v3/items/${id}/api-download` })),
  fc.constant({ method: "POST" as const, path: "/v3/reverse-image-search" }),
  operation.map((op) => ({ method: "POST" as const, path: `/v3/convert/${op}` })),
  anId.map((id) => ({ method: "GET" as const, path: `/v3/convert/jobs/${id}` })),
  fc.constant({ method: "GET" as const, path: "/v3/convert/operations" }),
  operation.map((op) => ({ method: "POST" as const, path: `/v3/ai/${op}` })),
  anId.map((id) => ({ method: "GET" as const, path: `/v3/ai/tasks/${id}` })),
  fc
    .constantFrom(
      "/v3/ai/models",
      "/v3/ai/operations",
      "/v3/credits",
      "/relay",
      "/relay/p",
      "/relay/g",
      "/relay/grant",
      "/healthz",
    )
    .map((path) => ({ method: "GET" as const, path })),
);

const QUERY_NAMES = [
  "query",
  "asset",
  "page",
  "per_page",
  "formats[]",
  "styles[]",
  "orientation[]",
  "icon_grid",
  "start_date",
  "end_date",
  "sort",
  "price",
  "additional_informations",
  "url",
  "u",
  "e",
  "l",
  "s",
];
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), oddString), oddString), { maxLength: 6 })
  .chain((pairs) =>
    fc.constantFrom(
      new URLSearchParams(pairs).toString(),
      // Raw, unencoded: broken escapes and stray separators reach the parser as they are.
      pairs.map(([name, value]) => `${encodeURI(name)}=${value.replace(/[#\s]/g, "")}`).join("&"),
    ),
  );

/** Magic numbers and near-misses for the upload checks. */
const FILE_STARTS = [
  "\x89PNG\r\n\x1a\n",
  "\xff\xd8\xff\xe0",
  "GIF89a",
  "RIFF\0\0\0\0WEBP",
  "<svg xmlns='http://www.w3.org/2000/svg'>",
  '<?xml version="1.0"?><svg',
  '{"v":"5.7.1","fr":30,"ip":0,"op":10,"w":10,"h":10,"layers":[]}',
  '{"v":"5.7.1","layers":',
  "PK\x03\x04",
  "",
];
const fileBytes = fc
  .tuple(fc.constantFrom(...FILE_STARTS), fc.uint8Array({ maxLength: 2048 }))
  .map(([start, rest]) => {
    const head = Uint8Array.from(start, (c) => c.charCodeAt(0) & 0xff);
    const bytes = new Uint8Array(head.length + rest.length);
    bytes.set(head);
    bytes.set(rest, head.length);
    return bytes;
  });

const FIELD_NAMES = [
  "file",
  "url",
  "image_hash",
  "asset",
  "formats[]",
  "model",
  "prompt",
  "image_url",
  "width",
  "height",
  "preset",
  "page",
];
const fieldName = fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 }));

/** A multipart body, well-formed or broken in one of the ways parsers trip on. */
const multipart = fc
  .record({
    boundary: fc.oneof(
      fc.constant("hostile-boundary"),
      fc.stringMatching(/^[A-Za-z0-9'()+_,.\-/:=?]{1,70}$/),
    ),
    parts: fc.array(
      fc.record({
        name: fieldName,
        filename: fc.option(
          fc.oneof(fc.constantFrom("a.png", "a.svg", "a.json", "", "../x"), fc.string({ maxLength: 20 })),
        ),
        type: fc.option(
          fc.constantFrom("image/png", "image/svg+xml", "application/json", "text/plain", "x/../y"),
        ),
        content: fc.oneof(
          fileBytes,
          oddString.map((s) => new TextEncoder().encode(s)),
        ),
      }),
      { maxLength: 4 },
    ),
    breakage: fc.constantFrom(
      "none",
      "no-closing",
      "wrong-boundary",
      "no-boundary-param",
      "garbage-headers",
      "truncated",
    ),
  })
  .map(({ boundary, parts, breakage }) => {
    const encoder = new TextEncoder();
    const chunks: Uint8Array[] = [];
    for (const part of parts) {
      const disposition =
        breakage === "garbage-headers"
          ? `Content-Disposition form-data name=${part.name}`
          : `Content-Disposition: form-data; name="${part.name.replace(/["\r\n]/g, "")}"${
              part.filename === null ? "" : `; filename="${part.filename.replace(/["\r\n]/g, "")}"`
            }`;
      chunks.push(
        encoder.encode(
          `--${boundary}\r\n${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`,
        ),
        part.content,
        encoder.encode("\r\n"),
      );
    }
    if (breakage !== "no-closing") chunks.push(encoder.encode(`--${boundary}--\r\n`));
    let body = concat(chunks);
    if (breakage === "truncated") body = body.subarray(0, Math.floor(body.length / 2));
    const declared = breakage === "wrong-boundary" ? "other-boundary" : boundary;
    const contentType =
      breakage === "no-boundary-param" ? "multipart/form-data" : `multipart/form-data; boundary=${declared}`;
    return { body, contentType };
  });

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Real inputs of every upload kind, so that mutated ones reach the engines and not only the parsers. */
const REAL_FILES: { name: string; type: string; bytes: Uint8Array }[] = [];
beforeAll(async () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><path d="M2 2h20v20H2z" fill="#c00"/></svg>';
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const jpg = await sharp(Buffer.from(svg)).jpeg().toBuffer();
  const lottie = JSON.stringify(
    slidingSquareLottie({
      name: "s",
      width: 32,
      height: 32,
      fps: 10,
      frames: 4,
      side: 8,
      from: [8, 8],
      to: [24, 24],
    }),
  );
  const text = new TextEncoder();
  REAL_FILES.push(
    { name: "a.svg", type: "image/svg+xml", bytes: text.encode(svg) },
    { name: "a.png", type: "image/png", bytes: new Uint8Array(png) },
    { name: "a.jpg", type: "image/jpeg", bytes: new Uint8Array(jpg) },
    { name: "a.json", type: "application/json", bytes: text.encode(lottie) },
  );
});

interface UploadDraw {
  mutation: "none" | "cut" | "overwrite" | "empty";
  at: number;
  noise: Uint8Array;
  fields: Record<string, string>;
  fileField: string;
}

const uploadDraw: fc.Arbitrary<UploadDraw> = fc.record({
  mutation: fc.constantFrom("none", "none", "cut", "overwrite", "empty"),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  noise: fc.uint8Array({ minLength: 1, maxLength: 64 }),
  fields: fc.dictionary(
    fc.constantFrom("width", "height", "preset", "model", "prompt", "url", "image_hash", "asset"),
    oddString,
    { maxKeys: 2 },
  ),
  fileField: fc.constantFrom("file", "file", "file", "files", "image"),
});

/** `real` as sent, cut short, emptied or with bytes overwritten, and odd fields beside it. */
function uploadForm(real: (typeof REAL_FILES)[number], draw: UploadDraw): () => FormData {
  return () => {
    let bytes = real.bytes.slice();
    const cut = Math.floor(draw.at * bytes.length);
    if (draw.mutation === "cut") bytes = bytes.subarray(0, cut);
    if (draw.mutation === "overwrite") bytes.set(draw.noise.subarray(0, bytes.length - cut), cut);
    if (draw.mutation === "empty") bytes = new Uint8Array(0);
    const form = new FormData();
    form.append(draw.fileField, new Blob([bytes], { type: real.type }), real.name);
    for (const [name, value] of Object.entries(draw.fields)) form.append(name, value);
    return form;
  };
}

const upload = fc.tuple(fc.nat(), uploadDraw).map(([file, draw]) => ({
  body: uploadForm(REAL_FILES[file % REAL_FILES.length]!, draw),
  contentType: undefined,
}));

/** A known operation given the kind of file it takes, mutated or not: paid work that reaches the engines. */
const INPUT_FILE: Record<string, string> = { svg: "a.svg", png: "a.png", jpg: "a.jpg", json: "a.json" };
const matchedWork: fc.Arbitrary<Hostile> = fc
  .tuple(fc.constantFrom(...CONVERSION_OPERATIONS, "remove-background", "vectorize"), uploadDraw)
  .map(([op, draw]) => {
    const conversion = (CONVERSIONS as Record<string, { input: string }>)[op];
    const file = REAL_FILES.find((real) => real.name === INPUT_FILE[conversion?.input ?? "png"])!;
    return {
      method: "POST",
      path: conversion ? `/v3/convert/${op}` : `/v3/ai/${op}`,
      query: "",
      headers: {},
      caller: "known",
      body: uploadForm(file, draw),
    };
  });

const body = fc.oneof(
  upload,
  fc.constant({ body: undefined, contentType: undefined }),
  fc.jsonValue().map((value) => ({ body: JSON.stringify(value), contentType: "application/json" })),
  fc
    .dictionary(fieldName, fc.oneof(oddString, fc.integer(), fc.array(oddString, { maxLength: 3 })), {
      maxKeys: 5,
    })
    .map((fields) => ({ body: JSON.stringify(fields), contentType: "application/json" })),
  fc.constantFrom('{"format":', "{not json", "[", '"', "\u0000", "").map((text) => ({
    body: text,
    contentType: "application/json",
  })),
  fc.array(fc.tuple(fieldName, oddString), { maxLength: 5 }).map((pairs) => ({
    body: new URLSearchParams(pairs).toString(),
    contentType: "application/x-www-form-urlencoded",
  })),
  multipart,
  fileBytes.map((bytes) => ({ body: bytes, contentType: "application/octet-stream" })),
);

const contentTypeOverride = fc.option(
  fc.constantFrom(
    "",
    "text/plain",
    "application/json; charset=utf-16",
    "multipart/form-data; boundary=",
    `multipart/form-data; boundary=${"b".repeat(300)}`,
    "application/x-www-form-urlencoded",
    "image/png",
    "*/*",
  ),
  { freq: 4 },
);

const HEADER_VALUES = fc.oneof(oddString, fc.stringMatching(/^[A-Za-z0-9_-]{0,200}$/));
/** Mostly well-formed, so that most requests get past the key-header checks to the routes. */
const mostlyValid = (valid: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: HEADER_VALUES });
const extraHeaders = fc.record(
  {
    "idempotency-key": mostlyValid(fc.stringMatching(/^[A-Za-z0-9_-]{16,128}$/)),
    "x-project-reference": mostlyValid(fc.stringMatching(/^[ -~]{1,128}$/)),
    accept: fc.constantFrom("*/*", "application/json", "text/html", "image/png", ""),
    "accept-encoding": fc.constantFrom("gzip", "br", "identity", "x"),
    "x-request-id": HEADER_VALUES,
    "x-forwarded-for": fc.constantFrom("127.0.0.1", "10.0.0.1", "::1", "not an address"),
    range: fc.constantFrom("bytes=0-10", "bytes=-1", "bytes=x", "bytes=99999999-"),
  },
  { requiredKeys: [] },
);

const hostile: fc.Arbitrary<Hostile> = fc
  .record({
    route,
    query,
    body,
    contentTypeOverride,
    extraHeaders,
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom("PUT", "DELETE", "PATCH" as const) },
    ),
    caller: fc.constantFrom(
      ...(["known", "known", "known", "known", "known", "known", "known", "stranger", "nobody"] as const),
    ),
  })
  .map(({ route, query, body, contentTypeOverride, extraHeaders, method, caller }) => {
    const headers: Record<string, string> = {};
    // Header values fetch itself would refuse to send are left out: they never reach a server.
    for (const [name, value] of Object.entries(extraHeaders)) {
      try {
        new Headers({ [name]: value });
        headers[name] = value;
      } catch {}
    }
    const effectiveMethod = method ?? route.method;
    const sendsBody = effectiveMethod !== "GET" && body.body !== undefined;
    const contentType = contentTypeOverride ?? body.contentType;
    if (sendsBody && contentType !== undefined) headers["content-type"] = contentType;
    return {
      method: effectiveMethod,
      path: route.path,
      query,
      headers,
      caller,
      ...(sendsBody ? { body: body.body } : {}),
    };
  });

// ---- what every answer must be -----------------------------------------------------------------

async function send(base: string, request: Hostile, credentials: Record<string, string>): Promise<Response> {
  return fetch(`${base}${request.path}${request.query === "" ? "" : `?${request.query}`}`, {
    method: request.method,
    headers: { ...request.headers, ...credentials },
    ...(request.body === undefined
      ? {}
      : { body: typeof request.body === "function" ? request.body() : (request.body as BodyInit) }),
    signal: AbortSignal.timeout(HANG_MS),
  });
}

/** The spec's own 5xx: a conversion that failed (500) or ran out of time (504), never charged. */
function isConversionFailure(request: Hostile, status: number, reason: string): boolean {
  if (request.method !== "POST" || !request.path.startsWith("/v3/convert/")) return false;
  return (status === 500 && reason === "conversion_failed") || status === 504;
}

async function expectWellFormed(request: Hostile, response: Response): Promise<void> {
  const where = `${request.method} ${request.path}?${request.query.slice(0, 80)}`;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const headerText = [...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
  for (const secret of SECRETS) {
    expect(text.includes(secret), `${where}: a secret in the body`).toBe(false);
    expect(headerText.includes(secret), `${where}: a secret in a header`).toBe(false);
  }
  if (response.status < 400) return;
  let reason: unknown;
  let message: unknown;
  try {
    ({ reason, message } = (JSON.parse(text) as { data: { reason: unknown; message: unknown } }).data);
  } catch {}
  expect(
    typeof reason === "string" && typeof message === "string",
    `${where}: ${response.status} ${text.slice(0, 200)}`,
  ).toBe(true);
  expect(text, where).not.toMatch(/\bat .*\.[jt]s:\d+/);
  if (response.status >= 500)
    expect(
      isConversionFailure(request, response.status, reason as string),
      `${where}: ${response.status} ${text.slice(0, 200)}`,
    ).toBe(true);
}

/** Credentials nobody issued, in the form each server takes. */
const STRANGER = {
  authorization: "Bearer not-a-token-of-this-proxy",
  "client-id": "stranger",
  "client-secret": "stranger-secret",
};
const PROXY_AUTH = () => stack.auth;
const LOCAL_AUTH = () => ({ "client-id": CLIENT_ID, "client-secret": CLIENT_SECRET });

describe.each([
  ["the proxy", () => stack.proxyUrl, PROXY_AUTH],
  ["the local API", () => localApi.url, LOCAL_AUTH],
])("hostile requests to %s", (_name, base, credentials) => {
  it("get an answer in the envelope every time, no 5xx but a conversion's own, and never a secret", async () => {
    const paidWorkDone: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 4, arbitrary: hostile }, { weight: 1, arbitrary: matchedWork }),
        async (request) => {
          const who = { known: credentials(), stranger: STRANGER, nobody: {} }[request.caller ?? "known"];
          const response = await send(base(), request, who);
          if (request.method === "POST" && response.status < 300) paidWorkDone.push(request.path);
          await expectWellFormed(request, response);
        },
      ),
      { numRuns: 250 },
    );
    // The draws got past the checks into the engines too, not only into refusals.
    expect(paidWorkDone.some((path) => path.startsWith("/v3/convert/"))).toBe(true);
    // Still in service.
    expect((await fetch(`${base()}/v3/credits`, { headers: credentials() })).status).toBe(200);
  }, 240_000);

  it("oversize and undersize values: long queries, many parameters, huge and empty bodies", async () => {
    const cases: Hostile[] = [
      { method: "GET", path: "/v3/search", query: `query=${"a".repeat(12_000)}`, headers: {} },
      {
        method: "GET",
        path: "/v3/search",
        query: Array.from({ length: 1000 }, (_, i) => `styles[]=s${i}`).join("&"),
        headers: {},
      },
      { method: "GET", path: "/v3/search", query: "per_page=201&page=0", headers: {} },
      { method: "GET", path: "/v3/search", query: "per_page=200&page=8", headers: {} },
      { method: "GET", path: "/v3/search", query: `icon_grid=${"9".repeat(400)}`, headers: {} },
      { method: "GET", path: `/v3/items/${"a".repeat(4000)}`, query: "", headers: {} },
      {
        method: "POST",
        path: `/v3/items/${ITEM}/api-download`,
        query: "",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ format: "png", width: 2 ** 31, height: -1 }),
      },
      {
        method: "POST",
        path: "/v3/ai/text-to-image",
        query: "",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "m".repeat(10_000), prompt: "p".repeat(60_000) }),
      },
      {
        method: "POST",
        path: "/v3/convert/svg-to-png",
        query: "",
        headers: { "content-type": "multipart/form-data; boundary=b" },
        body: "",
      },
      {
        method: "POST",
        path: "/v3/convert/png-to-jpg",
        query: "",
        headers: { "content-type": "application/octet-stream" },
        body: new Uint8Array(8 * 1024 * 1024),
      },
      {
        method: "POST",
        path: "/v3/reverse-image-search",
        query: "",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: `https://example.com/${"a".repeat(9000)}.png` }),
      },
    ];
    for (const request of cases) await expectWellFormed(request, await send(base(), request, credentials()));
  });
});

// ---- request targets and header blocks that fetch would never send -----------------------------

describe("raw requests to the proxy", () => {
  const segment = fc.oneof(
    fc.constantFrom(
      "..",
      ".",
      "%2e%2e",
      "%2E.",
      "%2f",
      "%5c",
      "\\",
      "",
      "v3",
      "credits",
      "items",
      "relay",
      "%00",
      "@",
      ";x",
    ),
    fc.stringMatching(/^[A-Za-z0-9._~%-]{0,12}$/),
  );
  const target = fc.oneof(
    fc.array(segment, { minLength: 1, maxLength: 6 }).map((parts) => `/${parts.join("/")}`),
    fc.array(segment, { maxLength: 4 }).map((parts) => `http://169.254.169.254/${parts.join("/")}`),
    fc.constantFrom("*", "//v3/credits", "/v3/credits?url=http://127.0.0.1/", "v3/credits", "/v3/credits#x"),
  );

  it("never let an unusual target reach the service anywhere but a clean /v3 path, and answer each in the envelope", async () => {
    const first = stack.upstream.records.length;
    await fc.assert(
      fc.asyncProperty(target, async (path) => {
        const answer = await rawRequest(
          stack.proxyUrl,
          `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
        );
        const [statusLine = "", ...rest] = answer.split("\r\n");
        const status = Number(statusLine.split(" ")[1]);
        expect(status, `${path}: ${statusLine}`).toBeLessThan(500);
        if (status >= 400)
          expect(rest.join("\r\n"), path).toMatch(/\{"data":\{"reason":"[a-z_]+","message":/);
      }),
      { numRuns: 200 },
    );
    for (const record of stack.upstream.records.slice(first)) {
      expect(record.path, record.path).toMatch(/^\/v3\/[a-z0-9-]+(\/[A-Za-z0-9_-]+)*$/);
      expect(record.path).not.toMatch(/%2e|%2f|%5c|\.\./i);
    }
  });

  it("answer a malformed request line or header block in the envelope, and stay in service", async () => {
    for (const head of MALFORMED_HEADS) {
      const { status, enveloped } = readRawAnswer(await rawRequest(stack.proxyUrl, head));
      expect(status, JSON.stringify(head.slice(0, 80))).toBeGreaterThanOrEqual(400);
      expect(status, JSON.stringify(head.slice(0, 80))).toBeLessThan(500);
      expect(enveloped, JSON.stringify(head.slice(0, 80))).toBe(true);
    }
    expect((await fetch(`${stack.proxyUrl}/v3/credits`, { headers: stack.auth })).status).toBe(200);
  });
});
