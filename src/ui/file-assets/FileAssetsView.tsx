// "Assets in this file": every Assetport layer of the page in view or of the whole file (a "This page |
// Whole file" switch, in UI3's segmented style), grouped by licence, those asking for credit first
// with their credit lines ready to copy. Each layer is a button that selects it on the canvas; an asset used many times is one row
// that selects all its layers, each listed on asking. The
// page in view is read on opening; the other pages when the designer switches to the whole file.

import "./file-assets.css";
import { useEffect, useState } from "preact/hooks";
import { humanName, setLabel } from "../../api/client/asset-names";
import { Button, EmptyState, SegmentedButtons } from "../controls";
import { copyText } from "../detail/clipboard";
import { licenceInWords } from "../detail/detail-facts";
import { BackIcon, CheckIcon, Icon } from "../icons";
import { LayerThumb } from "../layer-thumbs/LayerThumb";
import type { LayerThumbs } from "../layer-thumbs/layer-thumbs";
import type { FileAssetsScope, FileAssetsStore } from "./file-assets-store";
import {
  allCredits,
  type LicenceGroup,
  type ListedAsset,
  type ListedLayer,
  licenceLink,
} from "./licence-groups";
import { dayWords, madeWords } from "./record-words";

const NOTES: Record<LicenceGroup["kind"], (title: string) => string> = {
  credit: () => "Credit the author wherever you use these: copy the lines below into your credits.",
  // The licence's name is the group's title: the note says what it allows, without naming it again.
  free: (title) => {
    const said = licenceInWords(title);
    return said === title ? "See the licence for what it allows." : `${said.replace(/\s*\([^)]*\)$/, "")}.`;
  },
  unknown: () => "Placed before Assetport kept licences: search for them to see theirs.",
  own: () => "Made from your own images: no asset licence applies.",
};

/** Two sheets, one over the other: Figma's copy glyph. */
const CopyIcon = () => <Icon d="M5.5 5.5h8v8h-8zM10.5 5.5v-3h-8v8h3" />;

/** "Copied" for a moment after a copy, or how to copy by hand when the clipboard refused. */
function useCopied(): [string, (text: string) => void] {
  const [said, setSaid] = useState("");
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(""), 2500);
    return () => clearTimeout(timer);
  }, [said]);
  return [said, (text) => setSaid(copyText(text) ? "Copied" : "Select the lines and copy them")];
}

function CopyCredits({ group }: { group: LicenceGroup }) {
  const [said, copy] = useCopied();
  return (
    <>
      <Button variant="secondary" class="file-assets__copy" onClick={() => copy(allCredits([group]))}>
        {said === "Copied" ? "Copied" : "Copy credits"}
      </Button>
      <span class="visually-hidden" role="status">
        {said}
      </span>
    </>
  );
}

/** A licence's name, linking to its page when known (opened in the browser, outside Figma). */
function LicenceName({ name, link }: { name: string; link: string | undefined }) {
  return link ? (
    <a class="file-assets__licence" href={link} target="_blank" rel="noreferrer" title="Open the licence">
      {name}
    </a>
  ) : (
    name
  );
}

/**
 * One asset's credit: the work, its author and the licence's name as a link, no address written out;
 * Copy puts the whole line, the licence's address included, on the clipboard.
 */
function Credit({ entry }: { entry: ListedAsset }) {
  const [said, copy] = useCopied();
  const shown = entry.creditShown!;
  return (
    <div class="file-assets__credit">
      <p class="file-assets__credit-text">
        {shown.work}, <LicenceName name={shown.licence} link={shown.link} />
      </p>
      <button
        type="button"
        class="icon-button file-assets__credit-copy"
        aria-label={said === "Copied" ? "Copied" : "Copy credit"}
        title="Copy credit"
        onClick={() => copy(entry.credit!)}
      >
        {said === "Copied" ? <CheckIcon /> : <CopyIcon />}
      </button>
    </div>
  );
}

const SCOPES = [
  ["page", "This page"],
  ["file", "Whole file"],
] as const;

type Show = (nodeId: string, withNodeIds?: string[]) => void;

function LayerRow(props: {
  layer: ListedLayer;
  asset: ListedAsset["asset"];
  show: Show;
  thumbs: LayerThumbs;
}) {
  const { layer, asset, show, thumbs } = props;
  return (
    <li>
      <button
        type="button"
        class="file-assets__layer"
        title="Select on the canvas"
        onClick={() => show(layer.nodeId)}
      >
        <LayerThumb thumbs={thumbs} nodeId={layer.nodeId} icon={asset?.type === "icon"} />
        <span class="file-assets__layer-name">{layer.layerName || "Unnamed layer"}</span>
        <span class="file-assets__layer-where">
          {[asset && layer.made ? madeWords(layer.made) : "", layer.onCurrentPage ? "" : layer.pageName]
            .filter(Boolean)
            .join(" · ")}
        </span>
      </button>
    </li>
  );
}

/**
 * An asset used many times is one row, "bell ×6", that selects all its layers at once (an icon used
 * 200 times would otherwise bury the next asset); each layer is listed only on asking.
 */
function AllLayersRow(props: { entry: ListedAsset; title: string; show: Show; thumbs: LayerThumbs }) {
  const { entry, title, show, thumbs } = props;
  const { asset, layers } = entry;
  // Selected from the page in view when some are on it: a selection is one page's, and this one is here.
  const first = layers.find((l) => l.onCurrentPage) ?? layers[0]!;
  const names = new Set(layers.map((l) => l.layerName));
  const name = names.size === 1 && first.layerName ? first.layerName : title;
  return (
    <li>
      <button
        type="button"
        class="file-assets__layer"
        title={`Select all ${layers.length} on the canvas`}
        onClick={() =>
          show(
            first.nodeId,
            layers.map((l) => l.nodeId),
          )
        }
      >
        <LayerThumb thumbs={thumbs} nodeId={first.nodeId} icon={asset?.type === "icon"} />
        <span class="file-assets__layer-name">{name}</span>
        <span class="file-assets__layer-count">{`\u00d7${layers.length}`}</span>
      </button>
    </li>
  );
}

function AssetEntry(props: { entry: ListedAsset; show: Show; thumbs: LayerThumbs }) {
  const { entry, show, thumbs } = props;
  const { asset, layers } = entry;
  const [eachShown, setEachShown] = useState(false);
  const first = layers[0]!;
  const title = (asset?.name && humanName(asset.name)) || first.layerName;
  const facts = asset
    ? [asset.set ? setLabel(asset.set) : "", dayWords(asset.at) ? `placed ${dayWords(asset.at)}` : ""]
    : [first.made ? madeWords(first.made) : "", dayWords(first.made?.at)];
  const many = layers.length > 1;
  return (
    <li class="file-assets__asset">
      <div class="file-assets__name">{title}</div>
      <div class="file-assets__meta">{facts.filter(Boolean).join(" · ")}</div>
      {entry.credit && entry.creditShown ? <Credit entry={entry} /> : null}
      <ul class="file-assets__layers" aria-label={`Layers showing ${title}`}>
        {many ? <AllLayersRow entry={entry} title={title} show={show} thumbs={thumbs} /> : null}
        {!many || eachShown
          ? layers.map((layer) => (
              <LayerRow key={layer.nodeId} layer={layer} asset={asset} show={show} thumbs={thumbs} />
            ))
          : null}
      </ul>
      {many ? (
        <Button
          variant="secondary"
          class="file-assets__more"
          aria-expanded={eachShown}
          onClick={() => setEachShown(!eachShown)}
        >
          {eachShown ? "Hide each layer" : "Show each layer"}
        </Button>
      ) : null}
    </li>
  );
}

function Group(props: { group: LicenceGroup; show: Show; thumbs: LayerThumbs }) {
  const { group, show, thumbs } = props;
  const id = `licence-${group.key.replace(/[^a-z0-9]+/gi, "-")}`;
  return (
    <section class="file-assets__group" aria-labelledby={id}>
      <div class="file-assets__group-head">
        <h3 id={id} class="file-assets__group-title">
          {group.kind === "credit" || group.kind === "free" ? (
            <LicenceName
              name={group.title}
              link={group.assets[0]?.asset && licenceLink(group.assets[0].asset)}
            />
          ) : (
            group.title
          )}
        </h3>
        {group.kind === "credit" ? <CopyCredits group={group} /> : null}
      </div>
      <p class="file-assets__note">{NOTES[group.kind](group.title)}</p>
      <ul class="file-assets__assets">
        {group.assets.map((entry) => (
          <AssetEntry key={entry.key} entry={entry} show={show} thumbs={thumbs} />
        ))}
      </ul>
    </section>
  );
}

export function FileAssetsView({ store, onBack }: { store: FileAssetsStore; onBack: () => void }) {
  useEffect(() => {
    store.opened();
    return () => store.closed();
  }, [store]);
  const groups = store.groups.value;
  const reading = store.reading.value;
  const pages = store.pages.value;
  const layerCount = groups.reduce((n, g) => n + g.assets.reduce((m, a) => m + a.layers.length, 0), 0);
  const chosen = store.scope.value;
  const scope = chosen === "file" ? "in this file" : "on this page";
  // Always shown, in one place, so the view does not change shape with the file: in a file of one
  // page both choices list the same layers.
  const scopeSwitch = (
    <SegmentedButtons<FileAssetsScope>
      label="Assets listed"
      name="file-assets-scope"
      options={SCOPES}
      value={chosen}
      onChange={(value) => store.chooseScope(value)}
    />
  );
  // What fixes an empty list: the other pages when only this one was read, else finding assets to place.
  const emptyFix =
    chosen === "page" && pages.length > 1 ? (
      <Button variant="secondary" onClick={() => store.chooseScope("file")}>
        Look in the whole file
      </Button>
    ) : (
      <Button variant="secondary" onClick={onBack}>
        Find assets to place
      </Button>
    );
  const error = store.error.value;
  return (
    <section class="file-assets" aria-labelledby="file-assets-title" aria-busy={reading !== null}>
      <header class="detail__header">
        <button type="button" class="icon-button" aria-label="Back to search" onClick={onBack}>
          <BackIcon />
        </button>
        <h2 id="file-assets-title" class="detail__title">
          Assets in this file
        </h2>
      </header>
      {error ? (
        <div class="file-assets__problem" role="alert">
          <span>
            {error.reason === "node_not_found" ? "That layer is no longer in the file." : error.message}
          </span>
          <Button variant="secondary" onClick={() => void store.readCurrent()}>
            Refresh
          </Button>
        </div>
      ) : null}
      <div class="file-assets__switch">{scopeSwitch}</div>
      {store.status.value === "reading" && (pages.length === 0 || reading === "all") ? (
        <EmptyState title={reading === "all" ? "Reading every page…" : "Reading this page…"} loading />
      ) : layerCount === 0 && store.status.value !== "failed" ? (
        <EmptyState
          title={`No Assetport assets ${scope}`}
          body="Icons, pictures and results you place with Assetport are listed here with their licences."
          testId="file-assets-empty"
        >
          {emptyFix}
        </EmptyState>
      ) : (
        <>
          <p class="file-assets__scope">
            {layerCount === 1 ? "1 layer" : `${layerCount} layers`} {scope}
          </p>
          {groups.map((group) => (
            <Group
              key={group.key}
              group={group}
              show={(id, withIds) => void store.show(id, withIds)}
              thumbs={store.thumbs}
            />
          ))}
        </>
      )}
      <p class="visually-hidden" role="status" aria-live="polite">
        {store.shown.value}
      </p>
    </section>
  );
}
