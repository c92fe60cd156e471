// The buttons every batch shows alike, in the panel above the AI and Convert tabs and in a command's
// small window: the start button's words with their count and cost, and Revert all. One place, so
// the two never drift apart in words or in style.
import { Button } from "../controls";
import type { BatchOperation } from "./batch-operations";
import { startWords } from "./batch-words";
import "./batch.css";

/**
 * "Vectorize 3 layers · 6 credits", or in a narrow window "Vectorize 3 · 6 credits": both are in the
 * button and the stylesheet shows the one that fits (batch.css), so nothing is ever cut.
 */
export function StartLabel({ op, count, total }: { op: BatchOperation; count: number; total?: number }) {
  const words = startWords(op, count, total);
  if (words.full === words.short) return <>{words.full}</>;
  return (
    <>
      <span class="start-words start-words--full">{words.full}</span>
      <span class="start-words start-words--short">{words.short}</span>
    </>
  );
}

/** Undoes every finished layer of the batch: each original shown again, each result removed. */
export function RevertAllButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" class="batch-revert-all" onClick={onClick}>
      Revert all
    </Button>
  );
}
