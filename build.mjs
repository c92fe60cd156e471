// Builds the two files Figma loads, and the manifest that names them:
//   src/plugin/main.ts -> dist/code.js  (the sandbox: one script, es2020)
//   src/ui/main.tsx    -> dist/ui.html  (the iframe: one self-contained page, JS and CSS inlined)
//   manifest.json      <- written from the same proxy origins that are baked into the ui, checked
//                         against Figma's manifest rules first (scripts/manifest-rules.mjs)
// `node build.mjs --watch` rebuilds on change; `--metafile=<dir>` also writes esbuild's account of
// what each bundle is made of (code.meta.json, ui.meta.json) there, for the bundle bench;
// `--outdir=<dir>` writes all three files there instead (the end-to-end tests build one per server).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { bakedTokenFromEnv } from "./scripts/local-token.mjs";
import { manifestFor, pluginIdFrom, proxyUrlsFromEnv } from "./scripts/manifest.mjs";
import { manifestProblems } from "./scripts/manifest-rules.mjs";
import { uiHtml } from "./scripts/ui-html.mjs";

/** The element ui.html keeps the animation player's text in (src/ui/grid/lottie-embedded-name.ts). */
const PLAYER_ELEMENT_ID = "assetport-lottie-player";
/** The element and global of the rarely opened views' text (src/ui/rare/rare-views-name.ts). */
const RARE_VIEWS_ELEMENT_ID = "assetport-rare-views";
const SHARED_MODULES_GLOBAL = "__assetportSharedModules";

const root = dirname(fileURLToPath(import.meta.url));
const option = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const outDir = option("outdir");
const dist = outDir ?? join(root, "dist");
const manifestFile = join(outDir ?? root, "manifest.json");
const watch = process.argv.includes("--watch");
const metaDir = option("metafile");
// The organisation's proxies; the first is the default. The ui offers only these (Figma blocks the rest).
const proxyUrls = proxyUrlsFromEnv(process.env);
// `npm start` passes the local proxy's token; only the ui gets it (never the sandbox's code.js), for
// the default proxy only.
const localToken = bakedTokenFromEnv(process.env, proxyUrls[0]);

const shared = {
  absWorkingDir: root,
  bundle: true,
  minify: true,
  legalComments: "none",
  write: false,
  metafile: metaDir !== undefined,
  logLevel: "warning",
  define: { __ASSETPORT_PROXY_URLS__: JSON.stringify(proxyUrls) },
};

const sandbox = {
  ...shared,
  entryPoints: [join(root, "src/plugin/main.ts")],
  // Figma documents the sandbox as "ES2020 and beyond" ("How plugins run"). The target lowers syntax
  // only; library calls pass through untouched, so tsconfig.sandbox.json holds src/plugin to the
  // ES2020 library too (and to Figma's globals: no Node, no DOM).
  target: "es2020",
  format: "iife",
  outfile: join(dist, "code.js"),
};

const iframe = {
  ...shared,
  entryPoints: [join(root, "src/ui/main.tsx")],
  target: "es2020",
  format: "iife",
  jsx: "automatic",
  jsxImportSource: "preact",
  // Text as UTF-8 rather than \u escapes (the page declares utf-8): the copy has dashes and ellipses.
  charset: "utf8",
  outdir: dist,
  loader: { ".svg": "text" },
  define: { ...shared.define, __ASSETPORT_LOCAL_TOKEN__: JSON.stringify(localToken) },
  alias: {
    // The animation player stays out of the main script: it is inert text in the page, run on the
    // first play (src/ui/grid/lottie-embedded.ts).
    "lottie-web/build/player/lottie_light": join(root, "src/ui/grid/lottie-embedded.ts"),
  },
  // So do the rarely opened views, run the first time one is shown (src/ui/rare/rare-views.ts).
  plugins: [embeddedRareViews()],
};

// The rarely opened views, built alone to be embedded in ui.html as text. Every module the main
// script holds too is read from the main script's copy (sharedFrom), never bundled twice.
const rareViews = {
  ...iframe,
  plugins: [],
  entryPoints: [join(root, "src/ui/rare/rare-views-entry.ts")],
  outdir: undefined,
  outfile: join(dist, "rare-views.js"),
};

// lottie-web's player, built alone to be embedded in ui.html as text (never parsed at open).
const lottiePlayer = {
  ...shared,
  metafile: false,
  entryPoints: [join(root, "src/ui/grid/lottie-player-entry.ts")],
  target: "es2020",
  format: "iife",
};

// The iframe's first script, inlined before everything else in ui.html: asks the plugin `ready` and
// sends the first search while the main script is still to be parsed (src/ui/boot/early-ready.ts,
// first-search.ts). It reads the baked connection as the main script does.
const earlyReady = {
  ...shared,
  metafile: false,
  define: iframe.define,
  entryPoints: [join(root, "src/ui/boot/early-ready-entry.ts")],
  target: "es2020",
  format: "iife",
};

async function earlyReadyJs() {
  const result = await esbuild.build(earlyReady);
  return result.outputFiles[0].text;
}

async function writeSandbox(result) {
  const [file] = result.outputFiles;
  await writeFile(join(dist, "code.js"), file.contents);
}

async function lottiePlayerJs() {
  const result = await esbuild.build(lottiePlayer);
  return result.outputFiles[0].text;
}

/** An esbuild plugin that gives the main script the rare views' stand-ins (rare-views-embedded.ts). */
function embeddedRareViews() {
  const views = join(root, "src/ui/rare/rare-views.ts");
  return {
    name: "assetport-embedded-rare-views",
    setup(build) {
      build.onResolve({ filter: /[\\/]rare[\\/]rare-views$/ }, (args) =>
        join(args.resolveDir, `${args.path}.ts`) === views
          ? { path: join(root, "src/ui/rare/rare-views-embedded.ts") }
          : undefined,
      );
    },
  };
}

const textOf = (result, ending) => result.outputFiles.find((f) => f.path.endsWith(ending))?.text ?? "";
/** A path as esbuild's metafile names it: relative to the root, with forward slashes. */
const metaPath = (path) => relative(root, path).split(sep).join("/");

/**
 * An esbuild plugin for the rare views' build: a module the main script holds (`mainInputs`, as its
 * metafile names them) becomes a read of the main script's copy, and is noted in `needed`; a style
 * sheet it holds becomes nothing (the page has it already). Everything else is bundled.
 */
function sharedFrom(mainInputs, needed) {
  return {
    name: "assetport-shared-modules",
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.resolving || args.kind === "entry-point") return undefined;
        const { path, errors } = await build.resolve(args.path, {
          importer: args.importer,
          kind: args.kind,
          resolveDir: args.resolveDir,
          pluginData: { resolving: true },
        });
        if (errors.length > 0 || !mainInputs.has(metaPath(path))) return undefined;
        if (path.endsWith(".css")) return { path, namespace: "assetport-held-style" };
        needed.add(metaPath(path));
        // A read of a global, in CommonJS whatever the module was (".mjs" would make it ESM).
        return { path: `${metaPath(path)}.cjs`, namespace: "assetport-shared" };
      });
      build.onLoad({ filter: /.*/, namespace: "assetport-held-style" }, () => ({
        contents: "",
        loader: "css",
      }));
      build.onLoad({ filter: /.*/, namespace: "assetport-shared" }, (args) => ({
        contents: `module.exports = globalThis.${SHARED_MODULES_GLOBAL}[${JSON.stringify(args.path.slice(0, -4))}];`,
        loader: "js",
      }));
    },
  };
}

/**
 * The main script's last import (src/ui/rare/shared-modules.ts) made to put each module in `needed`
 * on the global the rare views read them from.
 */
function sharingOf(needed) {
  const file = join(root, "src/ui/rare/shared-modules.ts");
  const paths = [...needed].sort();
  const contents = [
    ...paths.map((path, i) => `import * as m${i} from ${JSON.stringify(join(root, path))};`),
    `globalThis.${SHARED_MODULES_GLOBAL} = {`,
    ...paths.map((path, i) => `  ${JSON.stringify(path)}: m${i},`),
    "};",
  ].join("\n");
  return {
    name: "assetport-sharing",
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/]ui[\\/]rare[\\/]shared-modules\.ts$/ }, (args) =>
        args.path === file ? { contents, loader: "js", resolveDir: root } : undefined,
      );
    },
  };
}

/**
 * The window in three builds: the main script alone (what it holds), the rare views against it (what
 * they need from it), then the main script again, sharing those modules. Builds take a fraction of a
 * second each. Gives the main script, its styles with the rare views' after them, the rare views'
 * text, and both metafiles.
 */
async function buildWindow() {
  const alone = await esbuild.build({ ...iframe, metafile: true });
  const needed = new Set();
  const rare = await esbuild.build({
    ...rareViews,
    plugins: [sharedFrom(new Set(Object.keys(alone.metafile.inputs)), needed)],
  });
  const main = await esbuild.build({ ...iframe, plugins: [...iframe.plugins, sharingOf(needed)] });
  return {
    js: textOf(main, ".js"),
    css: textOf(main, ".css") + textOf(rare, ".css"),
    rareJs: textOf(rare, ".js"),
    metafiles: [main.metafile, rare.metafile],
  };
}

async function writeIframe({ js, css, rareJs }) {
  const [firstJs, playerJs] = await Promise.all([earlyReadyJs(), lottiePlayerJs()]);
  const inert = { [PLAYER_ELEMENT_ID]: playerJs, [RARE_VIEWS_ELEMENT_ID]: rareJs };
  await writeFile(join(dist, "ui.html"), uiHtml(js, css, firstJs, inert));
}

/** One account of what ui.html holds: the main script's inputs and outputs, and the rare views'. */
function mergedMeta([main, rare]) {
  return { inputs: { ...main.inputs, ...rare.inputs }, outputs: { ...main.outputs, ...rare.outputs } };
}

async function writeManifest() {
  const file = manifestFile;
  const existing = await readFile(file, "utf8").catch((error) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  const manifest = manifestFor({ proxyUrls, id: pluginIdFrom(process.env, existing) });
  // A manifest Figma would refuse stops the build here, not at "Import plugin from manifest".
  const problems = manifestProblems(manifest);
  if (problems.length > 0) throw new Error(`manifest.json would break in Figma:\n- ${problems.join("\n- ")}`);
  await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** An esbuild plugin that writes the output through `write` after every (re)build. */
function writer(write) {
  return {
    name: "assetport-writer",
    setup(build) {
      build.onEnd(async (result) => {
        if (result.errors.length === 0) await write(result);
      });
    },
  };
}

await mkdir(dist, { recursive: true });
await writeManifest();
if (watch) {
  // The window's three builds are run afresh on any change to what either part reads.
  const rebuildWindow = async () => writeIframe(await buildWindow());
  const contexts = await Promise.all([
    esbuild.context({ ...sandbox, plugins: [writer(writeSandbox)] }),
    esbuild.context({ ...iframe, plugins: [...iframe.plugins, writer(rebuildWindow)] }),
    esbuild.context({ ...rareViews, plugins: [writer(rebuildWindow)] }),
  ]);
  await Promise.all(contexts.map((c) => c.watch()));
  console.log(
    `watching src/ (proxy ${proxyUrls.join(", ")}); dist/code.js and dist/ui.html rebuild on change`,
  );
} else {
  const [sandboxResult, window] = await Promise.all([esbuild.build(sandbox), buildWindow()]);
  await writeSandbox(sandboxResult);
  await writeIframe(window);
  if (metaDir !== undefined) {
    await mkdir(metaDir, { recursive: true });
    await writeFile(join(metaDir, "code.meta.json"), JSON.stringify(sandboxResult.metafile));
    await writeFile(join(metaDir, "ui.meta.json"), JSON.stringify(mergedMeta(window.metafiles)));
  }
  console.log(`built dist/code.js and dist/ui.html for the proxy at ${proxyUrls.join(", ")}`);
}
