// used-api.ts lists the parts of Figma's API the plugin uses, and the emulator is typed against Figma
// for exactly those. This test keeps the lists true: it compiles src/plugin as the sandbox typecheck
// does, resolves every member access (and destructuring) against @figma/plugin-typings, and fails on
// a member the plugin uses that a list lacks, or a listed member the plugin no longer uses.
import { dirname, join } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CHILD_MEMBERS,
  COMPONENT_MEMBERS,
  FIGMA_MEMBERS,
  FRAME_MEMBERS,
  IMAGE_MEMBERS,
  INSTANCE_MEMBERS,
  LAYER_MEMBERS,
  NODE_MEMBERS,
  PAGE_MEMBERS,
  PAINTED_MEMBERS,
  SUB_API_MEMBERS,
} from "./used-api";

const ROOT = join(import.meta.dirname, "../..");
const PLUGIN_DIR = join(ROOT, "src/plugin");

/** Where a member is declared in Figma's typings, by the interface that declares it. */
const SUB_API_OF: Record<string, keyof typeof SUB_API_MEMBERS> = {
  ParametersAPI: "parameters",
  ClientStorageAPI: "clientStorage",
  UIAPI: "ui",
  ViewportAPI: "viewport",
  VariablesAPI: "variables",
};
/** Node interfaces are the *Node types and the mixins they are built from. */
const isNodeInterface = (name: string) => /(Node|Mixin)$/.test(name);

interface Used {
  figma: Set<string>;
  subApis: Record<keyof typeof SUB_API_MEMBERS, Set<string>>;
  nodes: Set<string>;
  image: Set<string>;
  /** Uses of the `figma` global that are not `figma.<member>` (the scan cannot follow them). */
  opaque: string[];
}

function compileSandbox(): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, "tsconfig.sandbox.json"), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  });
  if (!config) throw new Error("tsconfig.sandbox.json could not be read");
  return ts.createProgram(config.fileNames, config.options);
}

function isFromFigmaTypings(declaration: ts.Node): boolean {
  return dirname(declaration.getSourceFile().fileName).endsWith(join("@figma", "plugin-typings"));
}

function scan(program: ts.Program): Used {
  const checker = program.getTypeChecker();
  const used: Used = {
    figma: new Set(),
    subApis: {
      parameters: new Set(),
      clientStorage: new Set(),
      ui: new Set(),
      viewport: new Set(),
      variables: new Set(),
    },
    nodes: new Set(),
    image: new Set(),
    opaque: [],
  };

  const record = (symbol: ts.Symbol | undefined, member: string) => {
    for (const declaration of symbol?.declarations ?? []) {
      if (!isFromFigmaTypings(declaration)) continue;
      const owner = declaration.parent;
      const ownerName = ts.isInterfaceDeclaration(owner) ? owner.name.text : "";
      if (ownerName === "PluginAPI") used.figma.add(member);
      else if (ownerName in SUB_API_OF) used.subApis[SUB_API_OF[ownerName]!].add(member);
      else if (ownerName === "Image") used.image.add(member);
      else if (isNodeInterface(ownerName)) used.nodes.add(member);
    }
  };

  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(PLUGIN_DIR)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node)) {
        record(checker.getSymbolAtLocation(node.name), node.name.text);
      } else if (ts.isObjectBindingPattern(node)) {
        const type = checker.getTypeAtLocation(node);
        for (const element of node.elements) {
          const key = element.propertyName ?? element.name;
          if (ts.isIdentifier(key)) record(type.getProperty(key.text), key.text);
        }
      } else if (ts.isIdentifier(node) && node.text === "figma") {
        const accessed = ts.isPropertyAccessExpression(node.parent) && node.parent.expression === node;
        const global = checker.getSymbolAtLocation(node)?.declarations?.some(isFromFigmaTypings);
        if (global && !accessed) {
          const { line } = file.getLineAndCharacterOfPosition(node.getStart());
          used.opaque.push(`${file.fileName.slice(ROOT.length + 1)}:${line + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return used;
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

describe("used-api.ts against src/plugin", () => {
  let used: Used;
  beforeAll(() => {
    used = scan(compileSandbox());
  });

  it("reads every use of the figma global (no aliasing, passing or indexing it)", () => {
    expect(used.opaque).toEqual([]);
  });

  it("lists exactly the figma members the plugin uses", () => {
    const listed = [...FIGMA_MEMBERS, ...Object.keys(SUB_API_MEMBERS)];
    expect(sorted(used.figma)).toEqual(sorted(listed));
  });

  it("lists exactly the members of figma.parameters, clientStorage, ui, viewport and variables it uses", () => {
    const usedSubApis = Object.fromEntries(Object.entries(used.subApis).map(([k, v]) => [k, sorted(v)]));
    const listed = Object.fromEntries(Object.entries(SUB_API_MEMBERS).map(([k, v]) => [k, sorted(v)]));
    expect(usedSubApis).toEqual(listed);
  });

  it("lists exactly the node members it uses", () => {
    const listed = [
      ...NODE_MEMBERS,
      ...LAYER_MEMBERS,
      ...PAINTED_MEMBERS,
      ...CHILD_MEMBERS,
      ...FRAME_MEMBERS,
      ...PAGE_MEMBERS,
      ...COMPONENT_MEMBERS,
      ...INSTANCE_MEMBERS,
    ];
    expect(sorted(used.nodes)).toEqual(sorted(listed));
  });

  it("lists exactly the image members it uses", () => {
    expect(sorted(used.image)).toEqual(sorted(IMAGE_MEMBERS));
  });
});
