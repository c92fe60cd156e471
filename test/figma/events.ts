// Figma's event bus for the plugin: figma.on/once/off and the events the emulator fires
// (selectionchange, currentpagechange, drop, run and close).

// Every event Figma's figma.on takes.
export type EventName =
  | ArgFreeEventType
  | "run"
  | "drop"
  | "documentchange"
  | "slidesviewchange"
  | "canvasviewchange"
  | "textreview"
  | "stylechange";
// A listener takes the event Figma sends for its name (RunEvent, DropEvent, none): never here, since
// one map holds every kind, so Figma's typed callbacks all fit.
export type Listener = (event: never) => unknown;

export class EventBus {
  private readonly listeners = new Map<EventName, Set<Listener>>();
  private selectionTimer: ReturnType<typeof setTimeout> | undefined;

  on(name: EventName, listener: Listener): void {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)!.add(listener);
  }

  once(name: EventName, listener: Listener): void {
    const wrapped: Listener = (event) => {
      this.off(name, wrapped);
      return listener(event);
    };
    this.on(name, wrapped);
  }

  off(name: EventName, listener: Listener): void {
    this.listeners.get(name)?.delete(listener);
  }

  emit(name: EventName, event?: unknown): unknown[] {
    return [...(this.listeners.get(name) ?? [])].map((listener) => listener(event as never));
  }

  fireSelectionChange(): void {
    // Figma fires once after a burst of changes, not synchronously inside the setter.
    if (this.selectionTimer) return;
    this.selectionTimer = setTimeout(() => {
      this.selectionTimer = undefined;
      this.emit("selectionchange");
    }, 0);
  }
}
