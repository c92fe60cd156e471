// @vitest-environment happy-dom
// What sits below the fold (the home's featured icons) waits for the first paint and for the
// pictures that paint shows (the set cards'), so mounting it never puts off their paint.
import { render } from "preact";
import { useRef } from "preact/hooks";
import { act } from "preact/test-utils";
import { afterEach, expect, it, vi } from "vitest";
import { PICTURES_WAIT_MS, useAfterFirstPaint } from "../../../src/ui/home/after-first-paint";

const host = document.createElement("div");
document.body.appendChild(host);
afterEach(() => render(null, host));

function Shell() {
  const root = useRef<HTMLDivElement>(null);
  const ready = useAfterFirstPaint(root);
  return (
    <div ref={root}>
      <img alt="" src="data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E" />
      {ready ? <p class="below">below the fold</p> : null}
    </div>
  );
}

/** A few frames and the tasks queued from them. */
const frames = (n = 3) =>
  act(async () => {
    for (let i = 0; i < n; i++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  });

/** Mounts the shell with its picture still loading, as the browser has it before it is read. */
async function mountLoading() {
  await act(() => render(<Shell />, host));
  const img = host.querySelector("img")!;
  Object.defineProperty(img, "complete", { value: false, configurable: true });
  return img;
}

it("waits for the pictures of the first paint, then draws what is below the fold", async () => {
  const img = await mountLoading();
  await frames();
  expect(host.querySelector(".below")).toBeNull();

  Object.defineProperty(img, "complete", { value: true, configurable: true });
  img.dispatchEvent(new Event("load"));
  await frames();
  expect(host.querySelector(".below")).not.toBeNull();
});

it("takes a picture that failed as settled", async () => {
  const img = await mountLoading();
  await frames();
  img.dispatchEvent(new Event("error"));
  await frames();
  expect(host.querySelector(".below")).not.toBeNull();
});

it("waits for a picture that never loads no longer than its bound", async () => {
  await mountLoading();
  await frames();
  expect(host.querySelector(".below")).toBeNull();
  await act(() => new Promise((resolve) => setTimeout(resolve, PICTURES_WAIT_MS + 100)));
  await frames();
  expect(host.querySelector(".below")).not.toBeNull();
});

it("draws it after the first paint when that paint's pictures are all in", async () => {
  await act(() => render(<Shell />, host));
  Object.defineProperty(host.querySelector("img")!, "complete", { value: true, configurable: true });
  await frames();
  expect(host.querySelector(".below")).not.toBeNull();
});

it("stops waiting for its last paint when the view goes before it", async () => {
  await act(() => render(<Shell />, host));
  Object.defineProperty(host.querySelector("img")!, "complete", { value: true, configurable: true });
  // The first paint is past and its pictures are in: the paint after it is asked for.
  await frames(1);
  expect(host.querySelector(".below")).toBeNull();
  const cancelled = vi.spyOn(globalThis, "cancelAnimationFrame");
  try {
    await act(() => render(null, host));
    expect(cancelled).toHaveBeenCalled();
  } finally {
    cancelled.mockRestore();
  }
});

/** A first-ever home: its first frames show placeholders; the cards' samples come with `ready`. */
function Cards({ ready }: { ready: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  const below = useAfterFirstPaint(root, ready);
  return (
    <div ref={root}>
      {ready ? (
        <img alt="" src="data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E" />
      ) : (
        <span class="placeholder" />
      )}
      {below ? <p class="below">below the fold</p> : null}
    </div>
  );
}

it("waits for the cards' samples, not the placeholders the first frame shows, then for their pictures", async () => {
  await act(() => render(<Cards ready={false} />, host));
  await frames();
  expect(host.querySelector(".below")).toBeNull();

  await act(() => render(<Cards ready />, host));
  const img = host.querySelector("img")!;
  Object.defineProperty(img, "complete", { value: false, configurable: true });
  await frames();
  expect(host.querySelector(".below")).toBeNull();

  Object.defineProperty(img, "complete", { value: true, configurable: true });
  img.dispatchEvent(new Event("load"));
  await frames();
  expect(host.querySelector(".below")).not.toBeNull();
});

it("waits for cards that are never ready no longer than its bound", async () => {
  await act(() => render(<Cards ready={false} />, host));
  await frames();
  expect(host.querySelector(".below")).toBeNull();
  await act(() => new Promise((resolve) => setTimeout(resolve, PICTURES_WAIT_MS + 100)));
  await frames();
  expect(host.querySelector(".below")).not.toBeNull();
});
