// The formats the details offer for one asset.
import type { Format } from "../../api/contract/tables";

/**
 * The type's formats this asset comes in, when the service lists them (a 3D icon in PNG only is not
 * offered as GLB, which the service would refuse); all of the type's when it lists none, or when the
 * one chosen is not among them (the choice stays visible).
 */
export function offeredFormats(
  choices: readonly Format[],
  listed: readonly Format[],
  chosen: Format,
): Format[] {
  const offered = choices.filter((f) => listed.includes(f));
  return offered.includes(chosen) ? offered : [...choices];
}
