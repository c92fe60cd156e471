// Which relaunch buttons Figma's properties panel shows for a selection, as the manifest guide
// describes `relaunchButtons`: a button shows for a node that carries its command in its relaunch data
// (setRelaunchData); with several nodes selected, only a button marked `multipleSelection: true` that
// every selected node carries. Buttons keep the manifest's order. The panel itself is Figma's; this
// is the rule it follows, for tests of the manifest against what the plugin writes on its nodes.

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
