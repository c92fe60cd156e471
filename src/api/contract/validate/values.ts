// Value checks shared by every validator. Each throws a 400 invalid_request naming the field in its
// wire spelling (e.g. "formats[]"), so a caller reading the message knows what to fix.

import { invalidRequest } from "../errors";
import { nameList } from "./name-list";

/** A short, safe rendering of a bad value for a message (objects are never stringified: their toString may throw). */
export function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object" && value !== null) return "an object";
  return typeof value === "function" ? "a function" : String(value);
}

export function checkString(field: string, value: unknown): string {
  if (typeof value !== "string") throw invalidRequest(`${field} must be a string, got ${describe(value)}.`);
  return value;
}

export function checkEnum<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw invalidRequest(`${field} must be one of ${allowed.join(", ")}; got ${describe(value)}.`);
  }
  return value as T;
}

export function checkInteger(field: string, value: unknown, min: number, max?: number): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw invalidRequest(`${field} must be an integer, got ${describe(value)}.`);
  }
  if (value < min || (max !== undefined && value > max)) {
    const range = max === undefined ? `at least ${min}` : `between ${min} and ${max}`;
    throw invalidRequest(`${field} must be ${range}; got ${value}.`);
  }
  return value;
}

/** A decimal integer written in a query string or form field. */
export function parseIntegerText(field: string, text: string): number {
  if (!/^\d{1,15}$/.test(text)) throw invalidRequest(`${field} must be an integer, got ${describe(text)}.`);
  return Number(text);
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export function checkDate(field: string, value: unknown): string {
  const text = typeof value === "string" ? value : "";
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const day = match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    : undefined;
  if (!day || day.toISOString().slice(0, 10) !== text) {
    throw invalidRequest(`${field} must be a date written YYYY-MM-DD, got ${describe(value)}.`);
  }
  return text;
}

export function checkList<T extends string>(field: string, value: unknown, allowed?: readonly T[]): T[] {
  if (!Array.isArray(value)) throw invalidRequest(`${field} must be a list of strings.`);
  for (const item of value) {
    if (allowed) checkEnum(field, item, allowed);
    else if (typeof item !== "string" || item.trim() === "") {
      throw invalidRequest(`${field} values must be non-empty strings, got ${describe(item)}.`);
    }
  }
  return value as T[];
}

export function refuseUnknownKeys(what: string, value: object, known: readonly string[]): void {
  const unknown = Object.keys(value).filter(
    (key) => !known.includes(key) && (value as Record<string, unknown>)[key] !== undefined,
  );
  if (unknown.length > 0) throw invalidRequest(`Unknown ${what}: ${nameList(unknown)}.`);
}
