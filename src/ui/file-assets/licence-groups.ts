// The file's recorded layers as a designer reads them: grouped by licence (those that ask for credit
// first), one entry per asset with every layer that shows it, and the credit line Creative Commons
// asks for, ready to copy.

import { humanName, setLabel } from "../../api/client/asset-names";
import type { AssetRecord, PageRecords, RecordedLayer } from "../../messages/types";

/** A recorded layer with the page it is on. */
export interface ListedLayer extends RecordedLayer {
  pageId: string;
  pageName: string;
  onCurrentPage: boolean;
}

/** One asset (or one layer of the designer's own, changed in Assetport) and where it is used. */
export interface ListedAsset {
  key: string;
  /** Absent for the designer's own layers, changed by work (vectorized, converted). */
  asset?: AssetRecord;
  layers: ListedLayer[];
  /** The Creative Commons credit line (what is copied), for licences that ask for one. */
  credit?: string;
  /** The same credit in parts, for the window to show without the licence's address. */
  creditShown?: CreditParts;
}

export type GroupKind = "credit" | "free" | "unknown" | "own";

export interface LicenceGroup {
  key: string;
  kind: GroupKind;
  /** The licence's name, or words for the unknown and own groups. */
  title: string;
  assets: ListedAsset[];
}

/** Creative Commons "BY" licences ask for a credit line beside the work. */
const ATTRIBUTION = /^cc[\s-]by\b/i;

export const needsCredit = (licence: string | undefined): boolean =>
  !!licence && ATTRIBUTION.test(licence.trim());

/**
 * The licence's own page: a Creative Commons licence's deed, built from its name ("CC BY-SA 4.0" ->
 * creativecommons.org/licenses/by-sa/4.0/), else the link the service gave with the asset.
 */
export function licenceLink(asset: Pick<AssetRecord, "licence" | "licenceUrl">): string | undefined {
  const cc = asset.licence?.trim().match(/^cc[\s-]by((?:[\s-](?:nc|sa|nd))*)[\s-](\d\.\d)$/i);
  if (cc) {
    const parts = cc[1]!.toLowerCase().replace(/\s/g, "-");
    return `https://creativecommons.org/licenses/by${parts}/${cc[2]}/`;
  }
  return asset.licenceUrl;
}

/** A credit as the window shows it: the work and its author, then the licence's name as a link. */
export interface CreditParts {
  /** "“Cat” by OpenMoji". */
  work: string;
  /** "CC BY-SA 4.0". */
  licence: string;
  /** The licence's page: shown as the name's link, written out only in the copied line. */
  link?: string;
}

export function creditParts(asset: AssetRecord): CreditParts {
  // Named as the window names it ("Grinning face", not the service's "grinning face").
  const title = asset.name ? `\u201c${humanName(asset.name)}\u201d` : "Untitled";
  const by = asset.set ? ` by ${setLabel(asset.set)}` : "";
  const link = licenceLink(asset);
  return { work: `${title}${by}`, licence: asset.licence?.trim() ?? "", ...(link ? { link } : {}) };
}

/** "“Cat” by OpenMoji, CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/)": what is copied. */
export function creditLine(asset: AssetRecord): string {
  const { work, licence, link } = creditParts(asset);
  return `${work}, ${licence}${link ? ` (${link})` : ""}`;
}

function kindOf(layer: RecordedLayer): GroupKind {
  if (!layer.asset) return "own";
  if (!layer.asset.licence) return "unknown";
  return needsCredit(layer.asset.licence) ? "credit" : "free";
}

const KIND_ORDER: readonly GroupKind[] = ["credit", "free", "unknown", "own"];
const TITLES: Record<Exclude<GroupKind, "credit" | "free">, string> = {
  unknown: "Licence not recorded",
  own: "Your own layers, changed in Assetport",
};

/** Every read page's layers, grouped by licence and asset, in the layer list's order within each. */
export function groupByLicence(pages: readonly PageRecords[]): LicenceGroup[] {
  const groups = new Map<string, LicenceGroup>();
  const assets = new Map<string, ListedAsset>();
  for (const page of pages) {
    for (const layer of page.layers ?? []) {
      const kind = kindOf(layer);
      const title = kind === "credit" || kind === "free" ? layer.asset!.licence!.trim() : TITLES[kind];
      const groupKey = `${kind}\u0000${title.toLowerCase()}`;
      let group = groups.get(groupKey);
      if (!group) {
        group = { key: groupKey, kind, title, assets: [] };
        groups.set(groupKey, group);
      }
      // The designer's own layers are each their own entry; an asset gathers every layer showing it.
      const assetKey = layer.asset ? `${groupKey}\u0000${layer.asset.uuid}` : `own\u0000${layer.nodeId}`;
      let entry = assets.get(assetKey);
      if (!entry) {
        entry = { key: assetKey, layers: [] };
        if (layer.asset) entry.asset = layer.asset;
        if (kind === "credit") {
          entry.credit = creditLine(layer.asset!);
          entry.creditShown = creditParts(layer.asset!);
        }
        assets.set(assetKey, entry);
        group.assets.push(entry);
      }
      entry.layers.push({
        ...layer,
        pageId: page.pageId,
        pageName: page.pageName,
        onCurrentPage: page.current,
      });
    }
  }
  return [...groups.values()].sort(
    (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.title.localeCompare(b.title),
  );
}

/** Every credit line of the groups that ask for one, one a line: what "Copy credits" copies. */
export function allCredits(groups: readonly LicenceGroup[]): string {
  return groups
    .flatMap((g) => g.assets.map((a) => a.credit))
    .filter((c): c is string => !!c)
    .join("\n");
}
