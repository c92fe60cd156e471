// Recognises an upload from its bytes, never from a name or a declared type, so a conversion only ever
// runs on input of the kind its operation takes (anything else is invalid_input_file).

import { XMLValidator } from "fast-xml-parser";
import { EngineError } from "./errors";
import { jsonDepthWithin } from "./json-depth";
import { ScanProblem, scanXml } from "./svg-scan";

export type SniffedFormat = "png" | "jpg" | "gif" | "webp" | "svg" | "lottie";

/**
 * Lottie nests layers, shapes, groups and keyframes; real files stay far below this. Deeper text is
 * not read as Lottie at all (a body of nested brackets would otherwise be parsed whole first).
 */
export const LOTTIE_MAX_DEPTH = 128;

/** The keys the Lottie schema requires at the top level. */
const LOTTIE_KEYS = ["v", "fr", "ip", "op", "w", "h", "layers"] as const;
const decoder = new TextDecoder("utf-8", { fatal: false });

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function isPng(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
}
export function isJpeg(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0xff, 0xd8, 0xff]);
}
export function isGif(bytes: Uint8Array): boolean {
  return startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"));
}
export function isWebp(bytes: Uint8Array): boolean {
  return startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8);
}

/** The decoder drops one leading BOM, as an XML parser does. */
function text(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Well-formed XML whose root element is <svg> (namespace prefix allowed). */
export function isSvg(bytes: Uint8Array): boolean {
  const source = text(bytes).trimStart();
  if (!source.startsWith("<")) return false;
  if (XMLValidator.validate(source) !== true) return false;
  return /^(?:[\w-]+:)?svg$/.test(rootElementName(source) ?? "");
}

/**
 * The first element's name, read without building a tree: a tree parser has a nesting limit (and
 * threw on 1,000 nested <g>), while the root is known as soon as its tag is read.
 */
function rootElementName(source: string): string | undefined {
  let root: string | undefined;
  const found = new ScanProblem("root read");
  try {
    scanXml(source, {
      open(name) {
        root = name;
        throw found;
      },
      close() {},
    });
  } catch (error) {
    if (!(error instanceof ScanProblem)) throw error;
  }
  return root;
}

/** Parses Lottie JSON when the bytes are one; undefined otherwise. */
export function parseLottie(bytes: Uint8Array): Record<string, unknown> | undefined {
  const source = text(bytes).trim();
  if (!source.startsWith("{")) return undefined;
  if (!jsonDepthWithin(source, LOTTIE_MAX_DEPTH)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (!LOTTIE_KEYS.every((key) => key in record)) return undefined;
  const numeric = ["fr", "ip", "op", "w", "h"].every((key) => typeof record[key] === "number");
  if (!numeric || !Array.isArray(record.layers)) return undefined;
  const { fr, ip, op, w, h } = record as { fr: number; ip: number; op: number; w: number; h: number };
  if (!(fr > 0 && op > ip && w > 0 && h > 0)) return undefined;
  return record;
}

/** The raster formats, told by their signatures alone (constant time, whatever the upload's size). */
export function rasterFormatOf(bytes: Uint8Array): "png" | "jpg" | "gif" | "webp" | undefined {
  if (isPng(bytes)) return "png";
  if (isJpeg(bytes)) return "jpg";
  if (isGif(bytes)) return "gif";
  if (isWebp(bytes)) return "webp";
  return undefined;
}

/**
 * The upload's format among `among` (default: every format). Only the formats asked about are tried:
 * raster signatures cost nothing, but telling SVG means validating XML and telling Lottie means
 * parsing JSON, work a caller that takes neither must not pay for (nor run on its event loop).
 */
export function sniff(
  bytes: Uint8Array,
  among: readonly SniffedFormat[] = ALL_FORMATS,
): SniffedFormat | undefined {
  const raster = rasterFormatOf(bytes);
  if (raster) return raster;
  if (among.includes("svg") && isSvg(bytes)) return "svg";
  if (among.includes("lottie") && parseLottie(bytes)) return "lottie";
  return undefined;
}

const ALL_FORMATS: readonly SniffedFormat[] = ["png", "jpg", "gif", "webp", "svg", "lottie"];

/** The contract names Lottie input "json"; everything else matches the sniffed name. */
const INPUT_FORMAT: Record<string, SniffedFormat> = { json: "lottie" };

/** The sniffed formats an operation's expected input names (json -> lottie). */
export function formatsOf(expected: string | readonly string[]): SniffedFormat[] {
  return (typeof expected === "string" ? [expected] : expected).map(
    (e) => INPUT_FORMAT[e] ?? (e as SniffedFormat),
  );
}

/** True when telling whether bytes are of these formats means parsing them (a worker's job). */
export function needsParsing(formats: readonly SniffedFormat[]): boolean {
  return formats.includes("svg") || formats.includes("lottie");
}

/** Throws invalid_input_file unless the bytes are of one of the expected kinds. */
export function requireInput(bytes: Uint8Array, expected: string | readonly string[]): SniffedFormat {
  return requireFormat(sniff(bytes, formatsOf(expected)), expected);
}

/** Throws invalid_input_file unless `found` (a sniffed format) is one of the expected kinds. */
export function requireFormat(
  found: SniffedFormat | undefined,
  expected: string | readonly string[],
): SniffedFormat {
  const wanted = formatsOf(expected);
  if (found && wanted.includes(found)) return found;
  const label = wanted.join(" or ");
  throw new EngineError(
    "invalid_input_file",
    found ? `Expected a ${label} file, got ${found}.` : `Expected a ${label} file; the upload is not one.`,
  );
}
