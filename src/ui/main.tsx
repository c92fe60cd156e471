// The iframe's entry: builds the stores over the real message port and api client, renders the app.

import { render } from "preact";
import { assetMethods } from "../api/client-assets";
import { createTransport } from "../api/transport";
import { createUiPort } from "../messages/ui-port";
import { App } from "./App";
import { createAppState } from "./app-state";
import { createFileFetcher } from "./services/fetch-file";
import "./app.css";
import { applySystemTheme } from "./theme";

const port = createUiPort();
const app = createAppState({
  port,
  // The client's asset methods only: conversion and AI methods would add to the window's weight and
  // nothing here calls them.
  makeApi: (proxyUrl, token) => {
    const transport = createTransport({
      baseUrl: proxyUrl,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      // The ui shows rate limits with a countdown of its own; a silent wait would look like a hang.
      retry: { rateLimitRetries: 0, failureRetries: 1 },
    });
    return { ...assetMethods(transport), file: createFileFetcher(transport, proxyUrl) };
  },
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
