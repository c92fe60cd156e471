// The upload operations' part of the form: which layer goes, and for vectorize whether the source
// stays visible under the vector (kept in settings, so the choice holds).

import type { SelectionInfo } from "../../messages/types";
import { Checkbox } from "../controls";
import { sourceLayer } from "./ai-operations";
import type { AiStore } from "./ai-store";

export function UploadFields({ store, selection }: { store: AiStore; selection: SelectionInfo | null }) {
  const operation = store.operation.value;
  if (!operation) return null;
  const source = sourceLayer(operation, selection);
  return (
    <>
      <p class="muted" data-testid="ai-source">
        {"node" in source ? `Selected: ${source.node.name}` : source.problem}
      </p>
      {operation === "vectorize" ? (
        <Checkbox
          name="hideSource"
          checked={store.hideSource.value}
          onChange={(checked) => store.setHideSource(checked)}
        >
          Hide the original image under the vector
        </Checkbox>
      ) : null}
    </>
  );
}
