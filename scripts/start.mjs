// `npm start`: builds the plugin, then says how to load it. The proxy is not part of the project yet.
import { execFileSync } from "node:child_process";

execFileSync(process.execPath, ["build.mjs"], { stdio: "inherit" });
console.log(`
Assetport is built: manifest.json, dist/code.js, dist/ui.html.
Load it in Figma desktop: Plugins > Development > Import plugin from manifest..., then pick manifest.json.

The proxy is not there yet, so this command stops here; the plugin needs it to search.`);
