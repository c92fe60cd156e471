// Which AI operation: the ones the catalogue lists, those the plan lacks marked as such.

import { SelectField } from "../controls";
import type { AiCatalogue } from "./ai-catalogue";
import { AI_LABELS } from "./ai-operations";
import type { AiStore } from "./ai-store";

export function OperationPicker({ store, catalogue }: { store: AiStore; catalogue: AiCatalogue }) {
  const options = catalogue.operations.value.map(
    ({ operation, entry }) =>
      [
        operation,
        entry.available_on_your_plan === false
          ? `${AI_LABELS[operation]} (not on your plan)`
          : AI_LABELS[operation],
      ] as const,
  );
  return (
    <SelectField
      label="Operation"
      name="ai-operation"
      value={store.operation.value ?? ""}
      options={options}
      onChange={(value) => {
        const offered = catalogue.operations.peek().find((o) => o.operation === value);
        if (offered) store.pick(offered.operation);
      }}
    />
  );
}
