// The Convert tab. Being built: until then it says so rather than pretend.

import type { AppState } from "../app-state";

export function ConvertView(_props: { app: AppState }) {
  return <p class="status">Convert is not available yet.</p>;
}
