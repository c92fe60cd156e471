// The facts of an asset as readAssetFacts gives them, for the details' tests: an SVG with nothing
// else known, and what a test names over it.
import type { AssetFacts } from "../../../src/api/client/asset-facts";

export const facts = (over: Partial<AssetFacts>): AssetFacts => ({
  formats: ["svg"],
  tags: [],
  categories: [],
  styles: [],
  additional: [],
  ...over,
  // Shown in the slugs' words unless a test names them (as readAssetFacts does without names).
  categoryNames: over.categoryNames ?? over.categories ?? [],
});
