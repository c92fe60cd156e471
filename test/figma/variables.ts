// The document's colour variables and paint styles, as a design system puts them in a file: local
// variables in collections with modes, paints bound to a variable follow it, and paint styles a layer's
// fills or strokes can take. Only what the plugin reads and binds is modelled.
import { figmaError } from "./world";

/** A local variable: Figma's `Variable`, the members the plugin reads. */
export type EmuVariable = Pick<
  Variable,
  "id" | "name" | "variableCollectionId" | "resolvedType" | "valuesByMode" | "remote" | "scopes"
>;

export type EmuVariableCollection = Pick<
  VariableCollection,
  "id" | "name" | "modes" | "defaultModeId" | "variableIds" | "remote"
>;

export type EmuPaintStyle = Pick<PaintStyle, "id" | "type" | "name" | "paints">;

export class DesignSystem {
  private readonly variables = new Map<string, EmuVariable>();
  private readonly collections = new Map<string, EmuVariableCollection>();
  private readonly styles = new Map<string, EmuPaintStyle>();
  private counter = 1;

  /** For the test: a collection with one mode per name (the first is the default). */
  addCollection(name: string, modeNames: string[] = ["Mode 1"]): EmuVariableCollection {
    const id = `VariableCollectionId:${this.counter++}:0`;
    const modes = modeNames.map((mode, i) => ({ modeId: `${id}/${i}`, name: mode }));
    const collection = {
      id,
      name,
      modes,
      defaultModeId: modes[0]!.modeId,
      variableIds: [],
      remote: false as const,
    };
    this.collections.set(id, collection);
    return collection;
  }

  /** For the test: a variable with a value per mode, in mode order. */
  addVariable(
    collection: EmuVariableCollection,
    name: string,
    resolvedType: VariableResolvedDataType,
    values: VariableValue[],
    scopes: VariableScope[] = ["ALL_SCOPES"],
  ): EmuVariable {
    const id = `VariableID:${this.counter++}:0`;
    const valuesByMode = Object.fromEntries(
      collection.modes.map((m, i) => [m.modeId, values[i] ?? values[0]!]),
    );
    const variable = {
      id,
      name,
      variableCollectionId: collection.id,
      resolvedType,
      valuesByMode,
      remote: false as const,
      scopes,
    };
    this.variables.set(id, variable);
    collection.variableIds.push(id);
    return variable;
  }

  /** For the test: a local paint style. Figma's style ids look like "S:<key>,<node>". */
  addPaintStyle(name: string, paints: Paint[]): EmuPaintStyle {
    const style = {
      id: `S:${this.counter++}abc,1:0`,
      type: "PAINT" as const,
      name,
      paints: Object.freeze([...paints]),
    };
    this.styles.set(style.id, style);
    return style;
  }

  variable(id: string): EmuVariable | null {
    return this.variables.get(id) ?? null;
  }
  collection(id: string): EmuVariableCollection | null {
    return this.collections.get(id) ?? null;
  }
  style(id: string): EmuPaintStyle | null {
    return this.styles.get(id) ?? null;
  }
  paintStyles(): EmuPaintStyle[] {
    return [...this.styles.values()];
  }

  /**
   * A colour variable's value in its collection's default mode, aliases followed. The emulator has no
   * per-page or per-frame mode (a simplification: Figma resolves for the consumer's mode).
   */
  resolveColor(id: string, depth = 0): RGB | null {
    const variable = this.variables.get(id);
    const collection = variable && this.collections.get(variable.variableCollectionId);
    if (!variable || !collection || variable.resolvedType !== "COLOR" || depth > 10) return null;
    const value = variable.valuesByMode[collection.defaultModeId];
    if (value && typeof value === "object" && "type" in value && value.type === "VARIABLE_ALIAS") {
      return this.resolveColor(value.id, depth + 1);
    }
    if (value && typeof value === "object" && "r" in value) return { r: value.r, g: value.g, b: value.b };
    return null;
  }

  /** The `figma.variables` members the plugin uses. */
  api() {
    return {
      getLocalVariablesAsync: async (type?: VariableResolvedDataType) =>
        [...this.variables.values()].filter((v) => type === undefined || v.resolvedType === type),
      getVariableByIdAsync: async (id: string) => this.variable(id),
      getVariableCollectionByIdAsync: async (id: string) => this.collection(id),
      setBoundVariableForPaint: (paint: SolidPaint, field: "color", variable: EmuVariable | null) =>
        this.bind(paint, field, variable),
    };
  }

  /**
   * Figma returns a new paint bound to the variable (it never changes the one given). Binding a
   * variable that is not a colour is refused; the error's wording is a guess, not documented.
   */
  private bind(paint: SolidPaint, field: "color", variable: EmuVariable | null): SolidPaint {
    if (paint?.type !== "SOLID") throw figmaError("setBoundVariableForPaint", "Paint must be a SolidPaint");
    if (field !== "color") throw figmaError("setBoundVariableForPaint", `Invalid field: ${String(field)}`);
    const { boundVariables: _old, ...rest } = paint;
    if (variable === null) return rest;
    if (!this.variables.has(variable.id) || variable.resolvedType !== "COLOR") {
      throw figmaError("setBoundVariableForPaint", "Variable must be a COLOR variable");
    }
    const color = this.resolveColor(variable.id) ?? paint.color;
    return { ...rest, color, boundVariables: { color: { type: "VARIABLE_ALIAS", id: variable.id } } };
  }

  /** A paint list as a node keeps it: a bound colour shows its variable's current value. */
  resolvePaints(paints: readonly Paint[]): Paint[] {
    return paints.map((p) => {
      const id = p.type === "SOLID" ? p.boundVariables?.color?.id : undefined;
      const color = id ? this.resolveColor(id) : null;
      return color ? { ...p, color } : p;
    });
  }
}
