// Figma's event bus for the plugin: figma.on/once/off and the events the emulator fires
// (selectionchange, currentpagechange, drop, run and close).
import type { EmulatedDropEvent } from "./used-api";

/**
 * Every event Figma's figma.on takes, with the event its listeners get (typings: the overloads of
 * PluginAPI.on). emit() is typed by it, so an event the emulator builds unlike Figma's type (a run
 * without its command, a drop without absoluteX) does not compile.
 */
export type FigmaEvents = { [K in ArgFreeEventType]: undefined } & {
  run: RunEvent;
  /** DropEvent with the emulator's node in `node`. */
  drop: EmulatedDropEvent;
  documentchange: DocumentChangeEvent;
  slidesviewchange: SlidesViewChangeEvent;
  canvasviewchange: CanvasViewChangeEvent;
  textreview: TextReviewEvent;
  stylechange: StyleChangeEvent;
};
export type EventName = keyof FigmaEvents;
/** The event argument of `name`: none for the argument-free events. */
type EventArgs<K extends EventName> = FigmaEvents[K] extends undefined ? [] : [event: FigmaEvents[K]];
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

  /** Calls every listener of `name`; returns what each returned (a drop listener's false claims it). */
  emit<K extends EventName>(name: K, ...event: EventArgs<K>): unknown[] {
    return [...(this.listeners.get(name) ?? [])].map((listener) => listener(event[0] as never));
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
