// lottie-optimize. No minifier on the registry is both maintained and widely used, so this is ours,
// and careful: it only removes what no player reads, and rounds numbers below what a screen shows.
//  - numbers rounded to 3 decimals (colours are 0..1, so 1/255 is still resolved; easing keeps shape);
//  - editor-only keys dropped: meta, mn, cix, ix, np and names (nm), all kept when the file has
//    expressions (they may look layers and properties up by name, match name or index);
//    default-valued flags (ddd 0, hd false, bm 0, ao 0, sr 1) dropped;
//  - assets no layer can reach dropped (references followed through precomps);
//  - whitespace gone. The result is never larger than the input's compact JSON.

import { type LottieAnimation, requireLottie } from "./lottie-json";

export const OPTIMIZE_DECIMALS = 3;
const EDITOR_ONLY_KEYS = new Set(["mn", "cix", "ix", "np"]);
const DEFAULTS: Record<string, unknown> = { ddd: 0, hd: false, bm: 0, ao: 0, sr: 1 };
/** Keys whose values are identifiers or text, never rounded or touched. */
const OPAQUE_KEYS = new Set(["p", "u", "id", "refId", "x", "t", "nm", "ln", "cl", "fFamily", "fName"]);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const round = (n: number) => {
  const factor = 10 ** OPTIMIZE_DECIMALS;
  const r = Math.round(n * factor) / factor;
  return Object.is(r, -0) ? 0 : r;
};

/** Expressions (string `x` on a property) may address layers by name, so names must then stay. */
function usesExpressions(value: Json): boolean {
  if (Array.isArray(value)) return value.some(usesExpressions);
  if (value === null || typeof value !== "object") return false;
  if (typeof value.x === "string" && "k" in value) return true;
  return Object.values(value).some(usesExpressions);
}

/** `keepNames`: the file has expressions, so every key they might address stays. */
function clean(value: Json, keepNames: boolean): Json {
  if (typeof value === "number") return round(value);
  if (Array.isArray(value)) return value.map((item) => clean(item, keepNames));
  if (value === null || typeof value !== "object") return value;
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(value)) {
    if (!keepNames && (EDITOR_ONLY_KEYS.has(k) || k === "nm")) continue;
    if (k in DEFAULTS && v === DEFAULTS[k]) continue;
    // Identifiers, asset paths and text are content: strings there are kept exactly.
    out[k] = OPAQUE_KEYS.has(k) && typeof v === "string" ? v : clean(v, keepNames);
  }
  return out;
}

/** Asset ids reachable from the top-level layers, following precomp layers into their assets. */
function reachableAssets(animation: LottieAnimation): Set<string> {
  const assets = new Map<string, { layers?: unknown }>();
  for (const asset of (animation.assets ?? []) as Array<{ id?: unknown; layers?: unknown }>) {
    if (typeof asset?.id === "string") assets.set(asset.id, asset);
  }
  const seen = new Set<string>();
  const visit = (layers: unknown) => {
    if (!Array.isArray(layers)) return;
    for (const layer of layers as Array<{ refId?: unknown }>) {
      const ref = layer?.refId;
      if (typeof ref !== "string" || seen.has(ref)) continue;
      seen.add(ref);
      visit(assets.get(ref)?.layers);
    }
  };
  visit(animation.layers);
  return seen;
}

export async function optimizeLottie(input: Uint8Array): Promise<Buffer> {
  const { json, animation } = requireLottie(input);
  const keepNames = usesExpressions(animation as unknown as Json);
  const reachable = reachableAssets(animation);
  const { meta: _meta, ...rest } = animation;
  const pruned = {
    ...rest,
    ...(rest.assets ? { assets: rest.assets.filter((a) => reachable.has((a as { id: string }).id)) } : {}),
  };
  const optimized = JSON.stringify(clean(pruned as unknown as Json, keepNames));
  return Buffer.from(optimized.length < json.length ? optimized : json);
}
