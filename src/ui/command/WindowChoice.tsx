// The window the plugin opened for: a selection command's own small window, or the whole plugin.
// "Open Assetport" in the small one trades it for the whole window at its remembered size, on the AI
// tab, where the same batch goes on showing.

import { App } from "../App";
import type { AppState } from "../app-state";
import { CommandWindow } from "../rare/rare-views";

export function WindowChoice({
  app,
  resizeWindow,
}: {
  app: AppState;
  resizeWindow: (width: number, height: number) => void;
}) {
  const op = app.selectionCommand.value;
  if (!op) return <App app={app} resizeWindow={resizeWindow} />;
  return (
    <CommandWindow
      op={op}
      batch={app.batch}
      meter={app.credits}
      close={(message) => void app.closePlugin(message)}
      openWhole={() => {
        app.selectionCommand.value = null;
        app.view.value = "ai";
        const { windowWidth, windowHeight } = app.settings.settings.value;
        resizeWindow(windowWidth, windowHeight);
      }}
    />
  );
}
