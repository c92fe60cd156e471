// A catalogue of three icon sets as the local service lists them, searched by set, words, order and
// page: what a first-ever home is made of (test/ui/first-sets.test.ts, first-pictures.test.tsx).
import { json, PROXY, type Route } from "./fake-service";

const WEIGHTS = ["regular", "bold", "light", "thin", "fill", "duotone"];
const icon = (set: string, name: string, variant: string) => ({
  uuid: `${set}-${name}-${variant}`,
  name,
  type: "icon",
  contributor: set,
  variant,
  urls: { svg: `${PROXY}/previews/${set}-${name}-${variant}.svg` },
});
/**
 * Phosphor lists an icon's six weights together; Tabler lists each icon once, outline first; Lucide
 * (one drawing an icon) is met on the featured page only.
 */
export const phosphor = Array.from({ length: 60 }, (_, i) =>
  WEIGHTS.map((w) => icon("phosphor", `p${i}`, w)),
).flat();
export const tabler = Array.from({ length: 300 }, (_, i) => icon("tabler", `t${i}`, "outline"));
export const lucide = Array.from({ length: 40 }, (_, i) => {
  const { variant: _none, ...drawing } = icon("lucide", `l${i}`, "");
  return drawing;
});
const SETS: Record<string, readonly { name: string }[]> = { phosphor, tabler, lucide };

/** A catalogue of two sets, searched by set, words, order and page as the window asks. */
export const catalogue: Route = (url) => {
  if (url.pathname !== "/v3/search") return undefined;
  const q = url.searchParams;
  const set = q.get("contributors[]");
  const words = q.get("query");
  let all = set ? (SETS[set] ?? []) : [...phosphor.slice(0, 60), ...tabler, ...phosphor.slice(60), ...lucide];
  if (words) all = all.filter((a) => a.name === words);
  if (q.get("sort") === "featured") all = [...lucide.slice(0, 2), ...all];
  const perPage = Number(q.get("per_page") ?? 60);
  const page = Number(q.get("page") ?? 1);
  return json({ items: { total: all.length, data: all.slice((page - 1) * perPage, page * perPage) } });
};
