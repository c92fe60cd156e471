// The insert options, applied to the icons already selected on the canvas (the main screen's size,
// colour and stroke controls call this when the selection holds Assetport icons).
import type { DocumentColours } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";

/** The file's colour variables and paint styles, for the colour picker. */
export function documentColours(port: UiPort): Promise<DocumentColours> {
  return port.request("document-colours", {});
}
