// The first script of ui.html (build.mjs): asks the plugin `ready` and sends the first search
// (first-search.ts) before the window's main script is even parsed, and on a first-ever home the set
// searches its answer calls for (first-sets.ts), and asks for the home's first pictures
// (first-pictures.ts).
import { SEARCH_DEFAULT_ASSET } from "../../api/contract/tables";
import { BAKED_CONNECTION } from "../settings/connection";
import { readBoot } from "./boot-data";
import { askReadyEarly } from "./early-ready";
import { drawnAsServed, pictureLoader, recentPictures } from "./first-pictures";
import { sendFirstSearch } from "./first-search";
import { sendFirstSets } from "./first-sets";

declare global {
  /** The pictures asked for early, kept until loaded (first-pictures.ts). */
  var __assetportFirstPictures: unknown[] | undefined;
}

globalThis.__assetportEarlyReady = askReadyEarly();
const boot = readBoot();
globalThis.__assetportFirstSearch = sendFirstSearch(boot, BAKED_CONNECTION);
// Opening on a first-ever home: its pictures are asked for now, the recent strip's at once
// (first-pictures.ts). A later open is left as it was: its kept home, pictures inlined, paints on the
// first render, and measured no sooner with the strip's pictures asked from here.
const firstEverHome =
  boot.launch?.command === "open" && !boot.launch.query?.trim() && !boot.home && drawnAsServed(boot);
const pictures: unknown[] = [];
globalThis.__assetportFirstPictures = pictures;
const loadPicture = firstEverHome ? pictureLoader(pictures) : undefined;
if (loadPicture) for (const url of recentPictures(boot, SEARCH_DEFAULT_ASSET)) loadPicture(url);
// A first-ever home's set searches, as soon as that browse answers, and their cards' pictures.
globalThis.__assetportFirstSets = sendFirstSets(
  boot,
  BAKED_CONNECTION,
  globalThis.__assetportFirstSearch,
  undefined,
  loadPicture,
);
