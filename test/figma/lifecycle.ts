// How Figma runs one launch of a plugin command, as its typings (RunEvent, ParameterInputEvent) and
// its docs on accepting parameters describe it:
//   the command is chosen → the script starts → (quick action: the designer types, and
//   figma.parameters "input" handlers offer suggestions) → "run" fires once → the plugin shows its ui.
// A command launched from the menu, a relaunch button, or a `parameterOnly: false` command chosen
// without parameters, runs at once with `parameters` undefined. A quick action runs only after every
// parameter is entered; if the designer leaves quick actions instead, "run" never fires.
// While parameters are being entered the plugin may not show a window: Figma allows only a hidden
// one (`showUI(html, { visible: false })`, for browser APIs such as fetching suggestions). Figma's
// own samples (figma/plugin-samples: trivia, svg-inserter) work this way: trivia opens a hidden ui
// at the script's start to load suggestions, and both act in "run" only when `parameters` is set.

type InputHandler = (event: ParameterInputEvent) => void;

export type Phase =
  /** The script has started; "run" has not fired yet. */
  | "launched"
  /** Quick actions are asking for the command's parameters. */
  | "parameters"
  /** "run" has fired. */
  | "running";

/** A test drove the emulator in a way Figma never would: the test is wrong, not the plugin. */
function misuse(message: string): Error {
  return new Error(`emulator misuse: ${message}`);
}

// GUESS: Figma's docs say showing ui during parameter entry is not allowed, but do not document the
// error text. The plugin must never depend on this wording.
const SHOW_UI_DURING_PARAMETERS = "Cannot show UI while the user is entering parameters";

export class Lifecycle {
  phase: Phase;
  private readonly inputHandlers = new Set<InputHandler>();

  constructor(
    readonly command: string,
    quickAction: boolean,
    private readonly fireRun: (event: RunEvent) => void,
  ) {
    this.phase = quickAction ? "parameters" : "launched";
  }

  /** What the plugin sees as `figma.parameters`. */
  readonly api = {
    on: (type: "input", handler: InputHandler) => {
      if (type === "input") this.inputHandlers.add(handler);
    },
    once: (type: "input", handler: InputHandler) => {
      const wrapped: InputHandler = (event) => {
        this.inputHandlers.delete(wrapped);
        handler(event);
      };
      if (type === "input") this.inputHandlers.add(wrapped);
    },
    off: (type: "input", handler: InputHandler) => {
      if (type === "input") this.inputHandlers.delete(handler);
    },
  };

  /** figma.showUI and figma.ui.show: a visible window waits for "run". */
  checkShow(call: string, visible: boolean): void {
    if (this.phase === "parameters" && visible) throw new Error(`in ${call}: ${SHOW_UI_DURING_PARAMETERS}`);
  }

  /** The designer types into the quick action's field; resolves with the suggestions offered. */
  typeParameter(key: string, query: string, entered: ParameterValues = {}): Promise<string[]> {
    if (this.phase !== "parameters") {
      throw misuse(`Figma asks for parameters only before "run" of a quick action (phase: ${this.phase})`);
    }
    return new Promise((resolve) => {
      const result: SuggestionResults = {
        setSuggestions: (s) => resolve(s.map((x) => (typeof x === "string" ? x : x.name))),
        setError: () => resolve([]),
        setLoadingMessage: () => {},
      };
      for (const handler of [...this.inputHandlers]) handler({ key, query, parameters: entered, result });
    });
  }

  /**
   * Figma fires "run" once per launch: at once for a menu launch (`parameters` undefined), after the
   * last parameter for a quick action.
   */
  run(parameters?: ParameterValues): void {
    if (this.phase === "running") throw misuse('"run" fires once per launch');
    if (this.phase === "parameters" && parameters === undefined) {
      throw misuse("a quick action runs with the parameters the designer entered");
    }
    if (this.phase === "launched" && parameters !== undefined) {
      throw misuse("parameters come from quick actions: launch with quickAction: true");
    }
    this.phase = "running";
    this.fireRun({ command: this.command, parameters });
  }
}
