// The launch the plugin writes into the page is read back whatever the command: a command the page
// dropped would open the whole window where a selection command's small one was asked for.
import { describe, expect, it } from "vitest";
import { BOOT_GLOBAL } from "../../src/messages/boot-data";
import { readBoot } from "../../src/ui/boot/boot-data";

describe("the boot data's launch", () => {
  it.each(["open", "replace", "similar", "search", "assets", "swap", "vectorize", "remove-background"])(
    "keeps the %s command",
    (command) => {
      expect(readBoot({ [BOOT_GLOBAL]: { launch: { command } } }).launch).toEqual({ command });
    },
  );

  it("drops a command the plugin never sends", () => {
    expect(readBoot({ [BOOT_GLOBAL]: { launch: { command: "toString" } } }).launch).toBeUndefined();
    expect(readBoot({ [BOOT_GLOBAL]: { launch: { command: "delete-everything" } } }).launch).toBeUndefined();
  });
});
