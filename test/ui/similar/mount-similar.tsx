// Find similar's tab mounted alone over a scripted service, as the window gives it its stores: one
// frame selected (named `name`), which the plugin exports as a small PNG when the tab asks.
import type { JSX } from "preact";
import { PlacingGrid } from "../../../src/ui/grid/PlacingGrid";
import { SimilarView } from "../../../src/ui/similar/SimilarView";
import { fakePlugin, selectionOf } from "../support/fake-plugin";
import type { Route } from "../support/fake-service";
import { mountView } from "../support/mount";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);

function frameExporting(name: string) {
  return fakePlugin({
    selection: selectionOf({
      id: "1:5",
      name,
      nodeType: "FRAME",
      width: 24,
      height: 24,
      exportable: true,
      hasImageFill: false,
    }),
    respond: (type) =>
      type === "export-selection"
        ? {
            nodeId: "1:5",
            nodeName: name,
            format: "PNG",
            mimeType: "image/png",
            bytes: PNG,
            width: 24,
            height: 24,
          }
        : undefined,
  });
}

/**
 * The tab with `name` selected; `withSwitch` also gives it the variant switch's choice and each set's
 * variants (the count line's filled-only note reads them).
 */
export function mountSimilarTab(routes: Route[], name: string, withSwitch = false) {
  return mountView(
    { routes, plugin: frameExporting(name) },
    (app): JSX.Element => (
      <SimilarView
        similar={app.similar}
        errors={app.errors}
        selection={app.selection}
        replacing={app.replacing}
        inkFits={app.inkFits}
        searchByWords={() => undefined}
        openSettings={() => undefined}
        grid={(grid) => <PlacingGrid stores={app.placing} {...grid} />}
        {...(withSwitch ? { look: app.placing.look } : {})}
        {...(withSwitch && app.placing.counts ? { variantsBySet: app.placing.counts.variantsBySet } : {})}
      />
    ),
  );
}
