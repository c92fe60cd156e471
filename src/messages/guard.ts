// Small composable checks for messages. A validation library cost ~12 KB in the sandbox bundle, most
// of the 15 KB budget, so the protocol checks itself with these few guards: each returns the value
// (objects rebuilt with only their known fields) or throws Invalid naming the field.

export class Invalid extends Error {}

export type Guard<T> = (value: unknown, path: string) => T;
type Out<G> = G extends Guard<infer T> ? T : never;

function fail(path: string, message: string): never {
  throw new Invalid(`${path || "message"}: ${message}`);
}

/**
 * Object.hasOwn is ES2022; this file runs in Figma's sandbox too, which documents ES2020 (the
 * sandbox typecheck, tsconfig.sandbox.json, holds the plugin to that).
 */
export const hasOwn = (object: object, key: string): boolean =>
  Object.getOwnPropertyDescriptor(object, key) !== undefined;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export const text =
  (min: number, max: number, pattern?: RegExp, hint?: string): Guard<string> =>
  (v, p) =>
    typeof v === "string" && v.length >= min && v.length <= max && (!pattern || pattern.test(v))
      ? v
      : fail(p, hint ?? `expected ${min}-${max} characters`);

export const num =
  (min: number, max: number, integer = false): Guard<number> =>
  (v, p) =>
    typeof v === "number" && Number.isFinite(v) && v >= min && v <= max && (!integer || Number.isInteger(v))
      ? v
      : fail(p, `expected a number ${min}-${max}`);

export const bool: Guard<boolean> = (v, p) =>
  typeof v === "boolean" ? v : fail(p, "expected true or false");

export const oneOf =
  <T extends string | number>(...options: T[]): Guard<T> =>
  (v, p) =>
    options.includes(v as T) ? (v as T) : fail(p, `expected ${options.join("|")}`);

export const optional =
  <T>(guard: Guard<T>): Guard<T | undefined> =>
  (v, p) =>
    v === undefined ? undefined : guard(v, p);

export const nullable =
  <T>(guard: Guard<T>): Guard<T | null> =>
  (v, p) =>
    v === null ? null : guard(v, p);

export const list =
  <T>(item: Guard<T>, max: number, min = 0): Guard<T[]> =>
  (v, p) =>
    Array.isArray(v) && v.length >= min && v.length <= max
      ? v.map((x, i) => item(x, `${p}.${i}`))
      : fail(p, `expected ${min}-${max} items`);

export const bytes =
  (max: number): Guard<Uint8Array> =>
  (v, p) =>
    v instanceof Uint8Array && v.length > 0 && v.length <= max ? v : fail(p, `expected 1-${max} bytes`);

type Shape = Record<string, Guard<unknown>>;
type Optionals<S extends Shape> = { [K in keyof S]: undefined extends Out<S[K]> ? K : never }[keyof S];
export type ObjectOf<S extends Shape> = { [K in Exclude<keyof S, Optionals<S>>]: Out<S[K]> } & {
  [K in Optionals<S>]?: Exclude<Out<S[K]>, undefined>;
};

/** Known fields only, each checked; an absent optional field stays absent. */
export const object =
  <S extends Shape>(shape: S): Guard<ObjectOf<S>> =>
  (v, p) => {
    if (!isObject(v)) fail(p, "expected an object");
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape)) {
      const value = shape[key]!(v[key], p ? `${p}.${key}` : key);
      if (value !== undefined) out[key] = value;
    }
    return out as ObjectOf<S>;
  };

/** Picks the guard by the value of one field (`kind`, `key`). */
export const variant =
  <G extends Guard<unknown>>(field: string, guards: Record<string, G>): Guard<Out<G>> =>
  (v, p) => {
    const tag = isObject(v) ? v[field] : undefined;
    const guard = typeof tag === "string" && hasOwn(guards, tag) ? guards[tag] : undefined;
    return guard
      ? (guard(v, p) as Out<G>)
      : fail(p ? `${p}.${field}` : field, `expected ${Object.keys(guards).join("|")}`);
  };

/** Parameters of a submission: at most `maxKeys` fields of text, number or true/false. */
export const scalars =
  (maxKeys: number): Guard<Record<string, string | number | boolean>> =>
  (v, p) => {
    if (!isObject(v) || Object.keys(v).length > maxKeys) fail(p, `expected at most ${maxKeys} fields`);
    for (const [k, x] of Object.entries(v)) {
      const ok =
        typeof x === "boolean" ||
        (typeof x === "number" && Number.isFinite(x)) ||
        (typeof x === "string" && x.length <= 10000);
      if (!ok) fail(`${p}.${k}`, "expected text, a number or true/false");
    }
    return v as Record<string, string | number | boolean>;
  };
