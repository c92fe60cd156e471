// The manifest against Figma's rules (scripts/manifest-rules.mjs): the one every build writes, the one
// on disk, and deliberately broken copies, each of which must be caught for the reason it is broken.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the build, without declarations
import { DEV_PLUGIN_ID, manifestFor } from "../../scripts/manifest.mjs";
// @ts-expect-error: a plain .mjs module of the build, without declarations
import { manifestProblems } from "../../scripts/manifest-rules.mjs";

type Manifest = ReturnType<typeof sound>;
const sound = () =>
  manifestFor({ proxyUrls: ["https://assets.example.org", "http://localhost:8787"], id: DEV_PLUGIN_ID });
const problemsOf = (manifest: unknown): string[] => manifestProblems(manifest);

describe("manifest rules", () => {
  it.each([
    ["the default build", ["http://localhost:8787"]],
    ["a published build", ["https://assets.example.org"]],
    ["an organisation's several proxies", ["https://eu.example.org", "https://us.example.org"]],
    ["a development build's several proxies", ["http://127.0.0.1:9000", "http://localhost:9001"]],
  ])("finds nothing wrong with %s", (_, proxyUrls) => {
    expect(problemsOf(manifestFor({ proxyUrls, id: "1234567890123456789" }))).toEqual([]);
  });

  it("takes Figma's other documented fields", () => {
    const manifest = Object.assign(sound(), {
      editorType: ["figma", "dev"],
      capabilities: ["codegen", "inspect"],
      codegenLanguages: [{ label: "CSS", value: "css" }],
      permissions: ["currentuser"],
      enableProposedApi: false,
      ui: { main: "dist/ui.html", about: "dist/about.html" },
    });
    expect(problemsOf(manifest)).toEqual([]);
  });

  it("finds nothing wrong with the manifest.json on disk", () => {
    const onDisk = JSON.parse(readFileSync(join(import.meta.dirname, "../../manifest.json"), "utf8"));
    expect(problemsOf(onDisk)).toEqual([]);
  });

  const broken: [string, (m: Manifest) => void, RegExp][] = [
    ["no id", (m) => delete m.id, /^id:/],
    ["an empty name", (m) => Object.assign(m, { name: " " }), /^name: must not be empty/],
    [
      "a misspelt field Figma would ignore",
      (m) => Object.assign(m.relaunchButtons[0], { multipleSelections: true }),
      /relaunchButtons\.0\.multipleSelections/,
    ],
    ["an editor Figma does not have", (m) => m.editorType.push("sketch"), /^editorType\.2/],
    ["Dev Mode with FigJam", (m) => m.editorType.push("dev"), /Dev Mode/],
    ["an editor twice", (m) => m.editorType.push("figma"), /"figma" is listed twice/],
    ["no documentAccess", (m) => delete m.documentAccess, /^documentAccess/],
    ["no networkAccess", (m) => delete m.networkAccess, /^networkAccess/],
    ['"none" beside a domain', (m) => m.networkAccess.allowedDomains.push("none"), /"none" must stand alone/],
    [
      "a domain with a space",
      (m) => m.networkAccess.allowedDomains.push("assets example.org"),
      /is not a domain/,
    ],
    [
      "a scheme Figma does not take",
      (m) => m.networkAccess.allowedDomains.push("ftp://x.org"),
      /is not a domain/,
    ],
    [
      "plain http to another computer, which Figma's https page blocks",
      (m) => m.networkAccess.allowedDomains.push("http://assets.corp.example:8080"),
      /"http:\/\/assets.corp.example:8080" is plain http/,
    ],
    [
      "plain ws to another computer",
      (m) => m.networkAccess.allowedDomains.push("ws://192.168.1.5:8787"),
      /is plain http/,
    ],
    [
      "a path on a development server",
      (m) => m.networkAccess.devAllowedDomains.push("http://localhost:9000/v3"),
      /not a server on this machine/,
    ],
    [
      "a remote server allowed for development only",
      (m) => m.networkAccess.devAllowedDomains.push("https://staging.example.org"),
      /not a server on this machine/,
    ],
    [
      "a domain twice",
      (m) => m.networkAccess.devAllowedDomains.push("http://localhost:8787"),
      /listed twice/,
    ],
    ["no reason for reaching the network", (m) => delete m.networkAccess.reasoning, /reasoning/],
    [
      "a menu command twice",
      (m) => m.menu.push({ name: "Open again", command: "open" }),
      /command "open" is used twice/,
    ],
    [
      "two menu items of one name",
      (m) => m.menu.push({ name: "Search", command: "find" }),
      /two items are named "Search"/,
    ],
    [
      "a parameter key twice",
      (m) => m.menu[1].parameters.push({ name: "Again", key: "query" }),
      /key "query" is used twice/,
    ],
    [
      "parameterOnly without parameters",
      (m) => Object.assign(m.menu[0], { parameterOnly: true }),
      /parameterOnly/,
    ],
    ["an empty submenu", (m) => m.menu.push({ name: "More", menu: [] }), /submenu needs items/],
    [
      "a relaunch command twice",
      (m) => m.relaunchButtons.push({ command: "replace", name: "Swap" }),
      /command "replace" is used twice/,
    ],
    [
      "two relaunch buttons of one name",
      (m) => m.relaunchButtons.push({ command: "swap", name: "Find similar" }),
      /two buttons are named/,
    ],
    ["a version that is not one", (m) => Object.assign(m, { api: "latest" }), /^api:/],
  ];

  it.each(broken)("catches %s", (_, breakIt, expected) => {
    const manifest = sound();
    breakIt(manifest);
    const problems = problemsOf(manifest);
    expect(
      problems.some((p) => expected.test(p)),
      problems.join("\n"),
    ).toBe(true);
  });
});
