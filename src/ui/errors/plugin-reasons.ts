// The plugin's reasons (Figma's side could not do what was asked) in a designer's words; reasons.ts
// joins them with the service's and looks both up.

import type { ProtocolErrorReason } from "../../messages/types";

/** Title, words, and Try again where running it again can help (the plugin's reasons need no other action). */
type Entry = readonly [title: string, body: string, action?: "retry"];

const REOPEN = "Close and reopen Assetport.";

/** Why the plugin (Figma's side) could not do what was asked. */
export const PLUGIN: Readonly<Record<ProtocolErrorReason, Entry>> = {
  invalid_message: ["The plugin did not understand the request", `{message} ${REOPEN}`],
  unknown_type: ["The plugin is out of date", `The window and the plugin are different versions. ${REOPEN}`],
  nothing_selected: ["Nothing is selected", "Select the layers to replace on the canvas, then try again."],
  not_exportable: [
    "This selection cannot be exported",
    "Select a frame, group, component or image with a size.",
  ],
  node_not_found: ["The layer is gone", "It was deleted or is on another page. Select it again."],
  invalid_svg: ["Figma could not read this SVG", "{message} Try PNG in the asset's details."],
  unsupported_image: [
    "Figma cannot show this file",
    "Figma places SVG, PNG, JPG and GIF. Save other formats from the asset's details.",
  ],
  image_too_large: [
    "The image is too large for Figma",
    "Figma takes images up to 4096 px a side. Pick a smaller size in the asset's details.",
  ],
  storage_full: ["Plugin storage is full", "Figma keeps 5 MB per plugin, so this was not saved."],
  figma_error: ["Figma refused the change", "{message}"],
  timeout: [
    "The plugin did not answer",
    `Figma may be busy. Try again; if it keeps happening, ${REOPEN}`,
    "retry",
  ],
  drop_missed: [
    "The asset did not land on the canvas",
    "Release it over the canvas, or click it to insert it in the middle of the view.",
  ],
  drop_expired: [
    "The drop took too long",
    "The download did not finish in time, so nothing was placed. Try again, or click the asset to insert it.",
  ],
  internal_error: [
    "Something went wrong in the plugin",
    "Figma's side of Assetport hit a problem. Try again.",
    "retry",
  ],
  colour_missing: [
    "That colour is no longer in this file",
    "Its variable or style was deleted or renamed away. Pick another colour and try again.",
  ],
  instance_locked: [
    "This layer is part of a component instance",
    "A layer inside an instance cannot be replaced. Select the whole instance, or detach it first.",
  ],
};
