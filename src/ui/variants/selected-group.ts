// The group the selected Assetport icons belong to, when they all belong to one shown here: the
// variant switch can then turn them into the variant chosen, as it turns the cells. Icons of
// different groups (or not among the results) are left alone: each would need its own variant.

import type { VariantGroup } from "./group-variants";

export function selectedGroup(
  groups: readonly VariantGroup[],
  selected: readonly { assetUuid?: string | undefined }[],
): VariantGroup | undefined {
  const uuids = selected.flatMap((node) => (node.assetUuid ? [node.assetUuid] : []));
  if (uuids.length === 0 || uuids.length !== selected.length) return undefined;
  const found = groups.find((group) => group.members.some((m) => m.uuid === uuids[0]));
  if (!found) return undefined;
  return uuids.every((uuid) => found.members.some((m) => m.uuid === uuid)) ? found : undefined;
}
