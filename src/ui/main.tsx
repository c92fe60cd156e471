// The iframe's entry: builds the stores over the real message port and api client, renders the app.

// The tokens and base controls first: the views' own styles, imported with them, build on these.
import "./app.css";
import { render } from "preact";
import { createUiPort } from "../messages/ui-port";
import { App } from "./App";
import { createAppState } from "./app-state";
import { createUiApi } from "./services/ui-api";
import { applySystemTheme } from "./theme";
import { windowResizer } from "./window/resize-window";

const port = createUiPort();
const app = createAppState({
  port,
  makeApi: (proxyUrl, token) => createUiApi(proxyUrl, token),
});

const resizeWindow = windowResizer(port);

applySystemTheme();
const root = document.getElementById("app");
if (root) render(<App app={app} resizeWindow={resizeWindow} />, root);
void app.start();
