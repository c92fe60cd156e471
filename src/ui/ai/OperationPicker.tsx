// Which AI operation: what can run here first, then what cannot, grouped under one sentence on why.

import { OperationMenu } from "../work/OperationMenu";
import type { AiCatalogue } from "./ai-catalogue";
import { aiMenuGroups } from "./ai-groups";
import type { AiStore } from "./ai-store";

export function OperationPicker({ store, catalogue }: { store: AiStore; catalogue: AiCatalogue }) {
  return (
    <OperationMenu
      label="Operation"
      class="ai-operation"
      testId="ai-operation"
      current={store.operation.value}
      groups={aiMenuGroups(catalogue.operations.value, catalogue.models.value)}
      onPick={(operation) => store.pick(operation)}
    />
  );
}
