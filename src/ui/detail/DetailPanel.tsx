// An asset's details: its name in words with its set and variant, the variants as small pictures
// (one click picks the one Insert places), the price and what inserting costs on one line, what an
// icon is inserted with (size, colour, stroke), the choices made before inserting it (format when
// there is more than one, raster size), and the licence said plainly.

import type { ReadonlySignal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import { readAssetFacts } from "../../api/client/asset-facts";
import { nameAsset } from "../../api/client/asset-names";
import { ASSET_TYPE_LABELS } from "../filters/filter-rules";
import { CellMotion, motionReduced } from "../grid/CellMotion";
import { Preview } from "../grid/Preview";
import { motionOf } from "../grid/preview-source";
import { darkTile } from "../grid/tile-backdrop";
import { BackIcon } from "../icons";
import type { InsertController } from "../insert/insert-controller";
import { canPlace, formatChoices } from "../insert/insert-plan";
import { colourLabel, ORIGINAL_COLOURS } from "../insert-bar/colour-label";
import type { InsertOptionsStore } from "../insert-bar/insert-options-store";
import { chosenStroke, previewLook } from "../preview/preview-look";
import type { SettingsStore } from "../settings/settings-store";
import { VariantThumbs } from "../variants/VariantThumbs";
import { drawnAs } from "../variants/weight-stroke";
import { CopyStatusLine, CopySvgButton } from "./CopySvgButton";
import type { CopySvgStore } from "./copy-svg-store";
import { DetailChoices } from "./DetailChoices";
import { detailRows } from "./detail-facts";
import type { DetailStore } from "./detail-store";
import { subtitleStyle } from "./detail-words";
import { offeredFormats } from "./offered-formats";
import { PriceLine } from "./PriceLine";
import "./detail.css";

export interface DetailStores {
  detail: DetailStore;
  insert: InsertController;
  settings: SettingsStore;
  selection: ReadonlySignal<{ count: number } | null>;
  /** "Copy SVG" for SVG assets; not offered without it. */
  copySvg?: CopySvgStore;
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl class="facts">
      {rows.map(([label, value]) => (
        <div class="facts__row" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Inserts at 24 px · original colours · 1.5 px stroke": what the bar's options make of this icon. */
function InsertsWith({ stores, options }: { stores: DetailStores; options: InsertOptionsStore }) {
  const s = stores.settings.settings.value;
  const colour = colourLabel(
    s,
    { choice: options.fileColour.choice.value, gone: options.fileColour.gone.value },
    options.colours.value,
  );
  const parts = [
    `Inserts at ${s.iconSize} px`,
    // The bar's "Original" in the panel's words (a colour deleted from the file is not used either);
    // a variable or style by its whole name, for which the details have room.
    colour.own ? ORIGINAL_COLOURS.toLowerCase() : colour.full,
    s.iconStrokeWidth !== null ? `${s.iconStrokeWidth} px stroke` : "",
    s.insertAsComponent ? "as component" : "",
  ];
  return (
    <p class="detail__inserts" data-testid="inserts-with">
      {parts.filter(Boolean).join(" · ")}
    </p>
  );
}

export function DetailPanel({ stores, options }: { stores: DetailStores; options?: InsertOptionsStore }) {
  const { detail, insert } = stores;
  const heading = useRef<HTMLHeadingElement>(null);
  const open = detail.open.value;
  const opened = open?.asset.uuid;
  // A variant picked inside keeps the focus where it is; a newly opened icon takes it to its title.
  const openedIcon = detail.variants.value[0]?.uuid ?? opened;
  useEffect(() => heading.current?.focus(), [openedIcon]);
  if (!open) return null;
  // The full record adds licence and technical facts; the naming comes from the summary when the
  // full one has not arrived (or lacks a field the summary had).
  const asset = detail.full.value ? { ...open.asset, ...detail.full.value } : open.asset;
  const facts = readAssetFacts(asset);
  const naming = nameAsset(asset);
  const format = detail.format.value;
  const size = detail.rasterSize.value ?? stores.settings.settings.value.rasterSize;
  // Opened from a cell drawn at a weight its set lacks: shown and inserted with the same lines.
  const weight = open.weight;
  const choice = { format, rasterSize: size, ...(weight === undefined ? {} : { strokeScale: weight }) };
  const selected = stores.selection.value?.count ?? 0;
  const busy = insert.busy.value === asset.uuid;
  const cost = insert.costOf(asset, open.type, choice);
  const variants = detail.variants.value;
  const formats = offeredFormats(formatChoices(open.type), facts.formats, format);
  const drawn = weight === undefined ? "" : drawnAs(weight);
  // What "Copy SVG" copies: the lines the preview above shows, decided as it decides them.
  const chosen = chosenStroke(options?.strokeDraft.drawn.value, stores.settings.settings.value.iconSize);
  const look = open.type === "icon" ? previewLook(chosen, weight) : null;
  const copyChoice = { ...choice, format: "svg" as const };
  const style = subtitleStyle(open.type, facts.styles, naming.variant);
  const subtitle = [naming.set ?? ASSET_TYPE_LABELS[open.type], style, drawn].filter(Boolean).join(" · ");
  return (
    <section
      class="detail"
      role="dialog"
      aria-labelledby="detail-title"
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          detail.close();
        }
      }}
    >
      <header class="detail__header">
        <button type="button" class="icon-button" aria-label="Back to results" onClick={() => detail.close()}>
          <BackIcon />
        </button>
        <div class="detail__heading">
          <h2 id="detail-title" class="detail__title" tabIndex={-1} ref={heading}>
            {naming.name}
          </h2>
          <p class="detail__subtitle">{subtitle}</p>
        </div>
      </header>
      <div
        class={`detail__preview detail__preview--${open.type}`}
        // The grid's dark backdrop for the type's art (grid/tile-backdrop.ts), so the two agree.
        style={{ "--tile-bg-dark": darkTile(open.type) }}
      >
        <Preview asset={asset} type={open.type} weight={weight === undefined ? null : { scale: weight }} />
        {/* One animation, opened on purpose: it plays (unless the designer asked for less motion). */}
        {open.type === "lottie" && !motionReduced() ? (
          <CellMotion motion={motionOf(asset, open.type)} />
        ) : null}
      </div>
      {variants.length > 1 ? (
        <VariantThumbs
          variants={variants}
          picked={open.asset.uuid}
          type={open.type}
          onPick={(picked) => detail.pickVariant(picked)}
        />
      ) : null}
      <PriceLine price={facts.price} cost={cost} />
      {open.type === "icon" && format === "svg" && options ? (
        <InsertsWith stores={stores} options={options} />
      ) : null}
      <DetailChoices
        detail={detail}
        settings={stores.settings}
        type={open.type}
        formats={formats}
        size={size}
      />
      <div class="detail__actions">
        <button
          type="button"
          class="button"
          disabled={busy}
          onClick={() => void insert.insert(asset, open.type, "insert", choice)}
        >
          {canPlace(format) ? "Insert" : "Save file"}
        </button>
        {canPlace(format) ? (
          <button
            type="button"
            class="button button--secondary"
            disabled={busy || selected === 0}
            title={selected === 0 ? "Select layers on the canvas to replace them" : undefined}
            onClick={() => void insert.insert(asset, open.type, "replace", choice)}
          >
            Replace selection{selected ? ` (${selected})` : ""}
          </button>
        ) : null}
        {format === "svg" && stores.copySvg ? (
          <CopySvgButton
            copy={stores.copySvg}
            asset={asset}
            type={open.type}
            choice={copyChoice}
            look={look}
            cost={insert.costOf(asset, open.type, copyChoice)}
            disabled={busy}
          />
        ) : null}
      </div>
      {format === "svg" && stores.copySvg ? <CopyStatusLine copy={stores.copySvg} uuid={asset.uuid} /> : null}
      {detail.loading.value ? <p class="muted">Loading details…</p> : null}
      {detail.error.value ? (
        <p class="field__error">
          The details could not be loaded.{" "}
          <button type="button" class="link" onClick={() => detail.retry()}>
            Try again
          </button>
        </p>
      ) : null}
      <Facts rows={detailRows(facts, { type: open.type, name: naming.name, shownStyle: style })} />
    </section>
  );
}
