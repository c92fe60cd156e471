// The iframe's entry: builds the stores over the real message port and api client, renders the app.

import { render } from "preact";
import { createUiPort } from "../messages/ui-port";
import { App } from "./App";
import { createAppState } from "./app-state";
import { createUiApi } from "./services/ui-api";
import "./app.css";
import { applySystemTheme } from "./theme";

const port = createUiPort();
const app = createAppState({
  port,
  makeApi: (proxyUrl, token) => createUiApi(proxyUrl, token),
});

// Pointer moves arrive faster than Figma resizes: one request per frame is enough.
let pending: { width: number; height: number } | null = null;
function resizeWindow(width: number, height: number) {
  const first = pending === null;
  pending = { width, height };
  if (!first) return;
  requestAnimationFrame(() => {
    if (pending) void port.request("resize", pending).catch(() => undefined);
    pending = null;
  });
}

applySystemTheme();
const root = document.getElementById("app");
if (root) render(<App app={app} resizeWindow={resizeWindow} />, root);
void app.start();
