// The Find similar tab. Being built: until then it says so rather than pretend.

import type { AppState } from "../app-state";

export function SimilarView(_props: { app: AppState }) {
  return <p class="status">Find similar is not available yet.</p>;
}
