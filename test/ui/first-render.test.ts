// The first render, opening on a search the page's first script sent, waits for its answer (so the
// first frame paints the results, not their placeholders), but never longer than its bound.
import { signal } from "@preact/signals";
import { afterEach, expect, it, vi } from "vitest";
import { FIRST_ANSWER_WAIT_MS, renderWhenAnswered } from "../../src/ui/boot/first-render";
import type { SearchStatus } from "../../src/ui/search/search-store";

afterEach(() => vi.useRealTimers());

it.each(["ready", "more", "error"] as const)(
  "renders as soon as the search is %s, once",
  async (answered) => {
    vi.useFakeTimers();
    const status = signal<SearchStatus>("loading");
    const render = vi.fn();
    renderWhenAnswered(status, render);
    await vi.advanceTimersByTimeAsync(FIRST_ANSWER_WAIT_MS / 2);
    expect(render).not.toHaveBeenCalled();
    status.value = answered;
    await Promise.resolve();
    expect(render).toHaveBeenCalledTimes(1);
    // Neither the bound nor a later change renders again.
    status.value = "loading";
    status.value = "ready";
    await vi.advanceTimersByTimeAsync(FIRST_ANSWER_WAIT_MS);
    expect(render).toHaveBeenCalledTimes(1);
  },
);

it("renders the placeholders after its bound when the answer is slower", async () => {
  vi.useFakeTimers();
  const status = signal<SearchStatus>("loading");
  const render = vi.fn();
  renderWhenAnswered(status, render);
  await vi.advanceTimersByTimeAsync(FIRST_ANSWER_WAIT_MS - 1);
  expect(render).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(render).toHaveBeenCalledTimes(1);
  status.value = "ready";
  await Promise.resolve();
  expect(render).toHaveBeenCalledTimes(1);
});

it("renders at once when the answer is in already", async () => {
  const status = signal<SearchStatus>("ready");
  const render = vi.fn();
  renderWhenAnswered(status, render);
  await Promise.resolve();
  expect(render).toHaveBeenCalledTimes(1);
});
