// The conversions in the order the menu lists them: what Figma's own Export cannot make first, then
// what it can, then what cannot run here under one sentence on why and what would enable it.

import type { ConversionOperation } from "../../api/contract/tables";
import type { MenuGroup } from "../work/OperationMenu";
import type { ConversionChoice } from "./convert-catalogue";
import { ALSO_IN_EXPORT, BEYOND_EXPORT, conversionName } from "./convert-names";

/** Said over the conversions this server or plan does not offer. */
export const CONVERSION_OFF_NOTE =
  "Your team's plan or this Assetport service does not offer these right now. An admin can turn them on.";
/** Said in the form when one of them is chosen. */
export const CONVERSION_OFF_FORM =
  "Your team's plan or this Assetport service does not offer this conversion right now. An admin can turn it on.";

const runs = (choice: ConversionChoice | undefined) => choice !== undefined && choice.available !== false;

export function convertMenuGroups(choices: readonly ConversionChoice[]): MenuGroup<ConversionOperation>[] {
  const of = (operation: ConversionOperation) => choices.find((c) => c.operation === operation);
  const rows = (operations: readonly ConversionOperation[], can: boolean) =>
    operations
      .filter((operation) => of(operation) !== undefined && runs(of(operation)) === can)
      .map((operation) => ({ value: operation, text: conversionName(operation) }));
  const groups: MenuGroup<ConversionOperation>[] = [
    { key: "beyond-export", title: "Beyond Figma's Export", rows: rows(BEYOND_EXPORT, true) },
    { key: "also-in-export", title: "Also in Figma's Export", rows: rows(ALSO_IN_EXPORT, true) },
    {
      key: "off",
      title: "Not available here",
      note: CONVERSION_OFF_NOTE,
      off: true,
      rows: rows([...BEYOND_EXPORT, ...ALSO_IN_EXPORT], false),
    },
  ];
  return groups.filter((group) => group.rows.length > 0);
}

/** The conversion a fresh tab shows: the first of the menu, so the tab leads with what only it does. */
export function firstConversion(choices: readonly ConversionChoice[]): ConversionOperation | undefined {
  return convertMenuGroups(choices)[0]?.rows[0]?.value;
}
