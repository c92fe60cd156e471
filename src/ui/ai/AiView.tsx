// The AI tab. Being built: until then it says so rather than pretend.

import type { AppState } from "../app-state";

export function AiView(_props: { app: AppState }) {
  return <p class="status">AI is not available yet.</p>;
}
