// Clicks and keys the same four jobs take in the icon plugins designers compare us with, read from
// their public source and issue trackers (not measured: we cannot run them here). Counted like ours:
// from the icon's results on screen (typing the query is the same everywhere and not counted), a
// click per click, a key per key, each typed character a key. Where the plugin cannot do the job,
// the row says so and counts the nearest way round it with Figma's own panels, marked as such.
// Sources are the repositories' files as stored in our reference index; a newer release may differ.

const ICONIFY = "iconify/iconify-figma";
const LUCIDE = "lucide-icons/lucide packages/lucide-figma";
const PHOSPHOR = "phosphor-icons/figma";

export const OTHER_PLUGINS = {
  "insert-size-colour": [
    {
      plugin: "Iconify",
      value: 13,
      how: "click the icon, click Colour and type #e11d48 (7 keys), click Height and type 32, click Import Icon: 4 clicks, 9 keys; the colour is written into the SVG, not bound (document paint styles are offered as hex values only)",
      source: `${ICONIFY} src/icon-finder/config/components.ts (customiseColor, customiseHeight, footer buttons), src/figma/functions/get-colors.ts`,
    },
    {
      plugin: "Lucide",
      value: "1 + Figma",
      how: "the plugin inserts 24 px, black, 2 px stroke at the view's centre with no size or colour option; then Figma's panels: scale (K) to 32, selection colour hex: about 3 clicks, 9 keys more",
      source: `${LUCIDE} src/components/IconButton/IconButton.tsx, src/main.ts (drawIcon)`,
    },
    {
      plugin: "Phosphor",
      value: "1 + Figma",
      how: "the plugin inserts 24 px black in Figma Design (its colour picker shows in FigJam only) with no size option; then Figma's panels as for Lucide",
      source: `${PHOSPHOR} src/ui/components/IconGrid.tsx, src/ui/components/Toolbar.tsx`,
    },
  ],
  "replace-selected": [
    {
      plugin: "Iconify",
      value: "cannot in instances",
      how: 'a relaunch button "Replace icon" exists; inside a component instance the replace fails (Figma refuses to remove a layer of an instance); elsewhere the fallback is insert, move, delete: 2 clicks, 1 drag, 1 key',
      source: `${ICONIFY} src/figma/data/phrases.ts; issue iconify/iconify-figma#31`,
    },
    {
      plugin: "Lucide",
      value: "cannot",
      how: "no replace: insert (1 click), drag into place, select the old icon and delete it (1 click, 1 key); box and colour are not carried over",
      source: `${LUCIDE} src/main.ts (drawIcon only)`,
    },
    {
      plugin: "Phosphor",
      value: "cannot",
      how: "no replace: a click inserts into the selected frame as a new child; the old icon is deleted by hand (1 click, 1 key)",
      source: `${PHOSPHOR} src/plugin/plugin.ts (insertIcon, getInjectableNode)`,
    },
  ],
  "switch-weight": [
    {
      plugin: "Iconify",
      value: "cannot in place",
      how: "each weight is its own icon (e.g. a -bold name); find and import the other icon, move it, delete the old one: 2 clicks, 1 drag, 1 key",
      source: `${ICONIFY} (no variant switch in src/icon-finder); iconify.design/docs/icons/icon-basics (icon names)`,
    },
    {
      plugin: "Lucide",
      value: "no weights",
      how: "one style with a 2 px stroke; the plugin has no stroke or weight option (stroke is edited per vector in Figma's panel)",
      source: `${LUCIDE} src/views/Icons.tsx; lucide docs guide/design/icon-design-guide`,
    },
    {
      plugin: "Phosphor",
      value: "cannot in place",
      how: "the weight list (native select: Thin to Duotone) applies to icons inserted after it: open it and pick (2 clicks), insert again (1 click), delete the old one (1 key) and move the new one",
      source: `${PHOSPHOR} src/ui/components/StyleInput.tsx`,
    },
  ],
  "insert-as-component": [
    {
      plugin: "Iconify",
      value: 2,
      how: "click the icon, click Import as Component; the component lands beside the work, each import a new one (no reuse found in the source)",
      source: `${ICONIFY} src/icon-finder/config/components.ts (footerButtons.component); issue iconify/iconify-figma#43`,
    },
    {
      plugin: "Lucide",
      value: "1 + Figma",
      how: "no component option: insert (1 click), then Create component (Ctrl+Alt+K, 1 key); every insert makes another component",
      source: `${LUCIDE} src/main.ts`,
    },
    {
      plugin: "Phosphor",
      value: "1 + Figma",
      how: "no component option: insert (1 click), then Create component (Ctrl+Alt+K, 1 key)",
      source: `${PHOSPHOR} src/plugin/plugin.ts`,
    },
  ],
};
