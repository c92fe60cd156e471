// What the window says when the service has nothing of a type to browse: no words, no filters, no
// set chosen, and an answer of none. Not "no results" (nothing was asked) but the fact in a
// designer's words and what would fill it. AI images in particular: a service may have none to
// browse (the embedded one here has none) while the AI tab still makes new ones, so the way there is
// offered. A service that has AI images shows them instead: this is said only on an answer of none.

import type { AssetType } from "../../api/contract/tables";
import { Button, EmptyState } from "../controls";
import { ASSET_TYPE_NOUNS } from "../filters/filter-rules";

export function EmptyType({ type, openAi }: { type: AssetType; openAi: () => void }) {
  if (type === "ai-image") {
    return (
      <EmptyState
        title="No AI images to browse here"
        body="Describe the image you want in the AI tab to make one."
        testId="empty-type"
      >
        <Button onClick={openAi}>Open the AI tab</Button>
      </EmptyState>
    );
  }
  const kind = ASSET_TYPE_NOUNS[type];
  return (
    <EmptyState
      title={`No ${kind} in this library`}
      body={`This library has no ${kind}. Choose another type above.`}
      testId="empty-type"
    />
  );
}
