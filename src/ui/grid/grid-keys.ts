// The grid's keyboard model as a pure function: which cell a key moves to, or what it asks for.

export type GridKeyResult =
  | { kind: "move"; index: number }
  | { kind: "insert" }
  | { kind: "replace" }
  | { kind: "detail" }
  | { kind: "none" };

export interface GridKeyInput {
  key: string;
  shiftKey: boolean;
  index: number;
  count: number;
  columns: number;
  /** Rows in one screenful, for PageUp/PageDown. */
  pageRows: number;
}

export function gridKey(input: GridKeyInput): GridKeyResult {
  const { index, count, columns } = input;
  if (count === 0) return { kind: "none" };
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  switch (input.key) {
    case "ArrowRight":
      return { kind: "move", index: clamp(index + 1) };
    case "ArrowLeft":
      return { kind: "move", index: clamp(index - 1) };
    case "ArrowDown":
      return { kind: "move", index: index + columns < count ? index + columns : index };
    case "ArrowUp":
      return { kind: "move", index: index - columns >= 0 ? index - columns : index };
    case "Home":
      return { kind: "move", index: 0 };
    case "End":
      return { kind: "move", index: count - 1 };
    case "PageDown":
      return { kind: "move", index: clamp(index + columns * Math.max(1, input.pageRows)) };
    case "PageUp":
      return { kind: "move", index: clamp(index - columns * Math.max(1, input.pageRows)) };
    case "Enter":
      return input.shiftKey ? { kind: "replace" } : { kind: "insert" };
    case " ":
      return { kind: "detail" };
    default:
      return { kind: "none" };
  }
}
