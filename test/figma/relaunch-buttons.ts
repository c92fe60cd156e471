// Which relaunch buttons Figma's properties panel shows for a selection, as the manifest guide
// describes `relaunchButtons`: a button shows for a node that carries its command in its relaunch data
// (setRelaunchData), and with several nodes selected only a button marked `multipleSelection: true`.
// Buttons keep the manifest's order. The guide does not say what a mixed selection (some nodes without
// the command) shows: requiring every selected node to carry it is our reading, the stricter one.
// The panel itself is Figma's; this is its rule, for tests of the manifest against the plugin's nodes.

export interface RelaunchButton {
  command: string;
  name: string;
  multipleSelection?: boolean;
}

export function relaunchButtonsShown(
  buttons: readonly RelaunchButton[],
  selection: readonly Pick<BaseNode, "getRelaunchData">[],
): string[] {
  if (selection.length === 0) return [];
  const carried = selection.map((node) => node.getRelaunchData());
  return buttons
    .filter((button) => selection.length === 1 || button.multipleSelection === true)
    .filter((button) => carried.every((data) => button.command in data))
    .map((button) => button.name);
}
