// The insert options, applied to the icons already selected on the canvas (the main screen's size,
// colour and stroke controls call this when the selection holds Assetport icons).
import type { ApplyOptionsResponse, DocumentColours, Settings } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import { iconOptions } from "./insert-plan";

export function applyToSelectedIcons(port: UiPort, settings: Settings): Promise<ApplyOptionsResponse> {
  return port.request("apply-options", { options: iconOptions(settings) });
}

/** The file's colour variables and paint styles, for the colour picker. */
export function documentColours(port: UiPort): Promise<DocumentColours> {
  return port.request("document-colours", {});
}
