// Recognises an upload from its bytes, never from a name or a declared type, so a conversion only ever
// runs on input of the kind its operation takes (anything else is invalid_input_file).

import { XMLParser, XMLValidator } from "fast-xml-parser";
import { EngineError } from "./errors";

export type SniffedFormat = "png" | "jpg" | "gif" | "webp" | "svg" | "lottie";

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

function text(bytes: Uint8Array): string {
  return decoder.decode(bytes).replace(/^\uFEFF/, "");
}

/** Well-formed XML whose root element is <svg> (namespace prefix allowed). */
export function isSvg(bytes: Uint8Array): boolean {
  const source = text(bytes).trimStart();
  if (!source.startsWith("<")) return false;
  if (XMLValidator.validate(source) !== true) return false;
  const root = new XMLParser({ ignoreAttributes: true, preserveOrder: true }).parse(source) as Array<
    Record<string, unknown>
  >;
  const element = root.map((node) => Object.keys(node)[0]).find((name) => name && !name.startsWith("?"));
  return element !== undefined && /^(?:[\w-]+:)?svg$/.test(element) && !element.startsWith("#");
}

/** Parses Lottie JSON when the bytes are one; undefined otherwise. */
export function parseLottie(bytes: Uint8Array): Record<string, unknown> | undefined {
  const source = text(bytes).trim();
  if (!source.startsWith("{")) return undefined;
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

export function sniff(bytes: Uint8Array): SniffedFormat | undefined {
  if (isPng(bytes)) return "png";
  if (isJpeg(bytes)) return "jpg";
  if (isGif(bytes)) return "gif";
  if (isWebp(bytes)) return "webp";
  if (isSvg(bytes)) return "svg";
  if (parseLottie(bytes)) return "lottie";
  return undefined;
}

/** The contract names Lottie input "json"; everything else matches the sniffed name. */
const INPUT_FORMAT: Record<string, SniffedFormat> = { json: "lottie" };

/** Throws invalid_input_file unless the bytes are of one of the expected kinds. */
export function requireInput(bytes: Uint8Array, expected: string | readonly string[]): SniffedFormat {
  const wanted = (typeof expected === "string" ? [expected] : expected).map((e) => INPUT_FORMAT[e] ?? e);
  const found = sniff(bytes);
  if (found && wanted.includes(found)) return found;
  const label = wanted.join(" or ");
  throw new EngineError(
    "invalid_input_file",
    found ? `Expected a ${label} file, got ${found}.` : `Expected a ${label} file; the upload is not one.`,
  );
}
