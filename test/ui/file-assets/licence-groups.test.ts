// The file's records as the list groups them: licences asking for credit first, an asset once with
// all its layers (across pages), and a credit line with title, author, licence and its link.
import { describe, expect, it } from "vitest";
import { assetOrigin } from "../../../src/api/client/asset-facts";
import type { PageRecords } from "../../../src/messages/types";
import {
  allCredits,
  creditLine,
  groupByLicence,
  licenceLink,
} from "../../../src/ui/file-assets/licence-groups";
import { cat, star } from "./records-fixture";

const pages: PageRecords[] = [
  {
    pageId: "0:1",
    pageName: "Cover",
    current: true,
    layers: [
      { nodeId: "1:1", layerName: "Star", asset: star },
      { nodeId: "1:2", layerName: "Cat", asset: cat },
      { nodeId: "1:3", layerName: "Old", asset: { uuid: "o", name: "Old", type: "icon" } },
      { nodeId: "1:4", layerName: "Photo", made: { operation: "vectorize", at: 1, from: "Photo" } },
    ],
  },
  {
    pageId: "0:2",
    pageName: "Archive",
    current: false,
    layers: [{ nodeId: "2:1", layerName: "Cat copy", asset: cat }],
  },
  { pageId: "0:3", pageName: "Unread", current: false },
];

describe("grouping by licence", () => {
  it("puts credit first, then free licences, unrecorded ones and the designer's own layers", () => {
    const groups = groupByLicence(pages);
    expect(groups.map((g) => [g.kind, g.title])).toEqual([
      ["credit", "CC BY-SA 4.0"],
      ["free", "MIT"],
      ["unknown", "Licence not recorded"],
      ["own", "Your own layers, changed in Assetport"],
    ]);
    const [credit] = groups;
    expect(credit!.assets).toHaveLength(1);
    expect(credit!.assets[0]!.layers.map((l) => [l.nodeId, l.pageName, l.onCurrentPage])).toEqual([
      ["1:2", "Cover", true],
      ["2:1", "Archive", false],
    ]);
  });

  it("writes the credit line Creative Commons asks for, with the licence's deed", () => {
    expect(creditLine(cat)).toBe(
      "\u201cCat\u201d by OpenMoji, CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/)",
    );
    expect(allCredits(groupByLicence(pages))).toBe(creditLine(cat));
    // Named in words, as the window names it.
    expect(creditLine({ ...cat, name: "grinning-face", set: "tabler", licence: "CC BY 4.0" })).toBe(
      "\u201cGrinning face\u201d by Tabler, CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)",
    );
    expect(licenceLink({ licence: "CC BY 4.0" })).toBe("https://creativecommons.org/licenses/by/4.0/");
    expect(licenceLink({ licence: "cc-by-nc-sa-3.0" })).toBe(
      "https://creativecommons.org/licenses/by-nc-sa/3.0/",
    );
    // Any other licence: the link the service gave.
    expect(licenceLink({ licence: "MIT", licenceUrl: "https://x.test/mit" })).toBe("https://x.test/mit");
  });
});

describe("what an insert records of an asset", () => {
  it("reads set and licence from the service's fields; a licence link only over http(s)", () => {
    expect(
      assetOrigin({
        uuid: "u",
        name: "n",
        urls: {},
        contributor: "openmoji",
        license: { name: "CC BY-SA 4.0", url: "https://api.test/licenses/openmoji" },
      }),
    ).toEqual({ set: "openmoji", licence: "CC BY-SA 4.0", licenceUrl: "https://api.test/licenses/openmoji" });
    expect(assetOrigin({ uuid: "u", name: "n", urls: {}, licence: "MIT" })).toEqual({ licence: "MIT" });
    expect(
      assetOrigin({ uuid: "u", name: "n", urls: {}, license: { name: "MIT", url: "javascript:alert(1)" } }),
    ).toEqual({ licence: "MIT" });
    expect(assetOrigin({ uuid: "u", name: "n", urls: {} })).toEqual({});
  });
});
