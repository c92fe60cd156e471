// An asset's details (name, type, formats, licence or price, contributor, tags, technical
// information) and the choices made before inserting it (format, raster size).

import { useEffect, useRef } from "preact/hooks";
import { type AssetFacts, readAssetFacts } from "../../api/asset-facts";
import type { Format } from "../../api/contract";
import type { AppState } from "../app-state";
import { capital, px, SelectField } from "../controls";
import { ASSET_TYPE_LABELS } from "../filters/filter-rules";
import { Preview } from "../grid/Preview";
import { BackIcon } from "../icons";
import { canPlace, formatChoices } from "../insert/insert-plan";
import { RASTER_SIZES } from "../settings/settings-store";

function Facts({ facts }: { facts: AssetFacts }) {
  const rows = [
    ["Formats", facts.formats.join(", ")],
    ["Licence", facts.license],
    ["Price", facts.price && capital(facts.price)],
    ["Contributor", facts.contributor],
    ["Tags", facts.tags.join(", ")],
    ["Style", facts.styles.join(", ")],
    ["Categories", facts.categories.join(", ")],
    ["Published", facts.publishedAt],
    ...facts.additional.map(([label, value]) => [capital(label), value]),
  ]
    .filter((row): row is [string, string] => !!row[1])
    .filter((row, i, all) => all.findIndex((r) => r[0] === row[0]) === i);
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

export function DetailPanel({ app }: { app: AppState }) {
  const { detail, insert } = app;
  const heading = useRef<HTMLHeadingElement>(null);
  const open = detail.open.value;
  useEffect(() => heading.current?.focus(), [open?.asset.uuid]);
  if (!open) return null;
  const asset = detail.full.value ?? open.asset;
  const facts = readAssetFacts(asset);
  const format = detail.format.value;
  const raster = format !== "svg" && canPlace(format);
  const size = detail.rasterSize.value ?? app.settings.settings.value.rasterSize;
  const choice = { format, rasterSize: size };
  const selected = app.selection.value?.count ?? 0;
  const busy = insert.busy.value === asset.uuid;
  const cost = insert.costOf(asset, open.type, choice);
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
        <h2 id="detail-title" class="detail__title" tabIndex={-1} ref={heading}>
          {asset.name || "Untitled asset"}
        </h2>
      </header>
      <div class="detail__preview">
        <Preview asset={asset} type={open.type} />
      </div>
      <p class="detail__type">{ASSET_TYPE_LABELS[open.type]}</p>
      <div class="filters__row">
        <SelectField
          label="Format"
          name="format"
          value={format}
          options={formatChoices(open.type).map(
            (f) => [f, `${f.toUpperCase()}${canPlace(f) ? "" : " (save file)"}`] as const,
          )}
          onChange={(v) => {
            detail.format.value = v as Format;
          }}
        />
        {raster ? (
          <SelectField
            label="Size"
            name="rasterSize"
            value={String(size)}
            options={px(RASTER_SIZES)}
            onChange={(v) => {
              detail.rasterSize.value = Number(v);
            }}
          />
        ) : null}
      </div>
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
      </div>
      {cost ? (
        <p class="muted" data-testid="insert-cost">
          {cost}
        </p>
      ) : null}
      {detail.loading.value ? <p class="muted">Loading details…</p> : null}
      {detail.error.value ? (
        <p class="field__error">
          Details could not be loaded ({detail.error.value.message}).{" "}
          <button type="button" class="link" onClick={() => detail.retry()}>
            Try again
          </button>
        </p>
      ) : null}
      <Facts facts={facts} />
    </section>
  );
}
