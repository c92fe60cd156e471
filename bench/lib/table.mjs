// Prints bench rows as one aligned table: suite, figure, median, spread, target.

function cell(value) {
  if (value === undefined || value === null) return "";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : value.toFixed(3);
  return String(value);
}

export function formatTable(rows) {
  const header = ["suite", "figure", "value", "unit", "spread", "target", "met"];
  const lines = rows.map((r) => [
    r.suite,
    r.figure,
    cell(r.value),
    r.unit ?? "",
    r.spread ?? "",
    r.target ?? "",
    r.met === undefined ? "" : r.met ? "yes" : "NO",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const render = (cols) =>
    cols
      .map((c, i) => c.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [render(header), render(widths.map((w) => "-".repeat(w))), ...lines.map(render)].join("\n");
}
