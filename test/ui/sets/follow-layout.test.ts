// The edge fade and the filter veil read layout (a scroll width, the headings' places) only once the
// browser has laid the window out: read during a render, they force a layout of the whole window
// there, a second one in the frame. A ResizeObserver tells of the laid-out box (and is asked again
// when the content changes); scrolling is measured as it happens.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { followLayout } from "../../../src/ui/sets/edge-fade";

/** A ResizeObserver that notifies when the test says layout is done, of each box observed since. */
class HeldObserver {
  static all: HeldObserver[] = [];
  waiting = new Set<unknown>();
  constructor(private readonly callback: () => void) {
    HeldObserver.all.push(this);
  }
  observe(el: unknown) {
    this.waiting.add(el);
  }
  unobserve(el: unknown) {
    this.waiting.delete(el);
  }
  disconnect() {
    this.waiting.clear();
  }
  laidOut() {
    if (this.waiting.size === 0) return;
    this.waiting.clear();
    this.callback();
  }
}
const laidOut = () => {
  for (const observer of HeldObserver.all) observer.laidOut();
};

/** A MutationObserver the test fires. */
class HeldMutations {
  static all: HeldMutations[] = [];
  constructor(private readonly callback: () => void) {
    HeldMutations.all.push(this);
  }
  stopped = false;
  observe() {}
  disconnect() {
    this.stopped = true;
  }
  changed() {
    if (!this.stopped) this.callback();
  }
}

const saved = { resize: globalThis.ResizeObserver, mutation: globalThis.MutationObserver };

function element() {
  const listeners = new Map<string, () => void>();
  return {
    el: {
      addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
      removeEventListener: (type: string) => listeners.delete(type),
    } as unknown as HTMLElement,
    scroll: () => listeners.get("scroll")?.(),
  };
}

describe("following a row's layout", () => {
  beforeEach(() => {
    HeldObserver.all = [];
    HeldMutations.all = [];
    globalThis.ResizeObserver = HeldObserver as unknown as typeof ResizeObserver;
    globalThis.MutationObserver = HeldMutations as unknown as typeof MutationObserver;
  });
  afterEach(() => {
    globalThis.ResizeObserver = saved.resize;
    globalThis.MutationObserver = saved.mutation;
  });

  it("measures once laid out, never at once", () => {
    let measured = 0;
    const { el } = element();
    followLayout(el, () => measured++);
    expect(measured).toBe(0);
    laidOut();
    expect(measured).toBe(1);
  });

  it("measures a change of content after the next layout, not in the change", () => {
    let measured = 0;
    const { el } = element();
    followLayout(el, () => measured++);
    laidOut();
    for (const mutations of HeldMutations.all) mutations.changed();
    expect(measured).toBe(1);
    laidOut();
    expect(measured).toBe(2);
  });

  it("measures a scroll as it happens, and nothing once stopped", () => {
    let measured = 0;
    const { el, scroll } = element();
    const stop = followLayout(el, () => measured++);
    scroll();
    expect(measured).toBe(1);
    stop();
    scroll();
    for (const mutations of HeldMutations.all) mutations.changed();
    laidOut();
    expect(measured).toBe(1);
  });
});
