// @vitest-environment happy-dom
// A Lottie cell is a still until the pointer rests on it or it takes keyboard focus; then its
// animation plays (the player in context: here a fake that records what it was asked), one cell at a
// time, and stops when left. Reduced motion plays nothing; other types never play.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Asset } from "../../../src/api/contract/spec-objects";
import type { AssetType } from "../../../src/api/contract/tables";
import { LottiePlayerContext } from "../../../src/ui/grid/CellMotion";
import type { PlayLottie } from "../../../src/ui/grid/lottie-play";
import { motionOf } from "../../../src/ui/grid/preview-source";
import { fakeLayout, settle } from "../support/mount";
import { bareGrid } from "../support/mount-grid";

const animation = (type: AssetType, i: number, urls?: Record<string, string>): Asset => ({
  uuid: `${type}-${i}`,
  name: `spin ${i}`,
  type,
  urls: urls ?? {
    png_256: `http://local-api.invalid/previews/l${i}/256.png`,
    json: `http://local-api.invalid/previews/l${i}/file.json`,
  },
});

function fakePlayer() {
  const playing = new Set<string>();
  const asked: string[] = [];
  const play: PlayLottie = async (container, url) => {
    asked.push(url);
    playing.add(url);
    container.append(document.createElementNS("http://www.w3.org/2000/svg", "svg"));
    return () => playing.delete(url);
  };
  return { play, playing, asked };
}

async function mount(type: AssetType, player: PlayLottie, urls?: Record<string, string>) {
  const items = Array.from({ length: 9 }, (_, i) => animation(type, i, urls));
  const { container, draw } = bareGrid(items, type, (grid) => (
    <LottiePlayerContext.Provider value={player}>{grid}</LottiePlayerContext.Provider>
  ));
  await act(draw);
  await settle();
  await act(draw);
  await settle();
  const cellAt = (i: number) => container.querySelector<HTMLElement>(`[data-index="${i}"]`)!;
  return { container, cellAt };
}

const fire = async (el: HTMLElement, type: string) => {
  await act(() => {
    el.dispatchEvent(new Event(type, { bubbles: type === "focusin" }));
  });
  await settle();
};

describe("a Lottie cell's animation", () => {
  beforeAll(() => fakeLayout(360, 400));
  afterEach(() => {
    document.body.innerHTML = "";
    vi.unstubAllGlobals();
  });

  it("plays its JSON on hover only, and stops when the pointer leaves", async () => {
    const player = fakePlayer();
    const { container, cellAt } = await mount("lottie", player.play);
    expect(player.asked).toEqual([]);
    expect(container.querySelectorAll(".cell__play")).toHaveLength(0);
    await fire(cellAt(2), "mouseenter");
    expect(player.asked).toEqual(["http://local-api.invalid/previews/l2/file.json"]);
    expect([...player.playing]).toEqual(["http://local-api.invalid/previews/l2/file.json"]);
    expect(cellAt(2).querySelector(".cell__play")?.hasAttribute("data-playing")).toBe(true);
    // The pointer moves on: the first stops, the next plays; never two at once.
    await fire(cellAt(2), "mouseleave");
    await fire(cellAt(3), "mouseenter");
    expect([...player.playing]).toEqual(["http://local-api.invalid/previews/l3/file.json"]);
    expect(container.querySelectorAll(".cell__play")).toHaveLength(1);
    await fire(cellAt(3), "mouseleave");
    expect(player.playing.size).toBe(0);
    expect(container.querySelectorAll(".cell__play")).toHaveLength(0);
  });

  it("plays the cell with keyboard focus", async () => {
    const player = fakePlayer();
    const { cellAt } = await mount("lottie", player.play);
    await act(() => cellAt(4).focus());
    await settle();
    expect([...player.playing]).toEqual(["http://local-api.invalid/previews/l4/file.json"]);
    await act(() => cellAt(4).blur());
    await settle();
    expect(player.playing.size).toBe(0);
  });

  it("plays nothing when the designer asks for reduced motion", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("reduce"),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }));
    const player = fakePlayer();
    const { cellAt } = await mount("lottie", player.play);
    await fire(cellAt(0), "mouseenter");
    await act(() => cellAt(1).focus());
    await settle();
    expect(player.asked).toEqual([]);
  });

  it("plays a service's video preview muted, over its first frame", async () => {
    const player = fakePlayer();
    const items = await mount("lottie", player.play, { thumb: "http://local-api.invalid/previews/v.webm" });
    await fire(items.cellAt(1), "mouseenter");
    const video = items.cellAt(1).querySelector<HTMLVideoElement>("video.cell__play");
    expect(video?.getAttribute("src")).toBe("http://local-api.invalid/previews/v.webm");
    expect(video?.muted).toBe(true);
    expect(video?.autoplay).toBe(true);
    // The still is the video's first frame, not playing.
    expect(items.cellAt(1).querySelector("video.preview")?.hasAttribute("autoplay")).toBe(false);
    expect(player.asked).toEqual([]);
    await fire(items.cellAt(1), "mouseleave");
    expect(items.cellAt(1).querySelector(".cell__play")).toBeNull();
  });

  it("never plays in a grid of another type", async () => {
    const player = fakePlayer();
    const { cellAt } = await mount("3d", player.play);
    await fire(cellAt(0), "mouseenter");
    expect(player.asked).toEqual([]);
    expect(cellAt(0).querySelector(".cell__motion")).toBeNull();
  });

  it("marks every Lottie cell as animated before any hover, with a spoken name", async () => {
    const player = fakePlayer();
    const { container, cellAt } = await mount("lottie", player.play);
    const marks = container.querySelectorAll(".cell__motion");
    expect(marks.length).toBe(container.querySelectorAll('[role="gridcell"]').length);
    const mark = cellAt(0).querySelector(".cell__motion");
    expect(mark?.getAttribute("role")).toBe("img");
    expect(mark?.getAttribute("aria-label")).toBe("Animated");
    // It stays while the animation plays.
    await fire(cellAt(0), "mouseenter");
    expect(cellAt(0).querySelector(".cell__motion")).not.toBeNull();
  });

  it("holds the still until the player has drawn its first frame", async () => {
    let drawn: (stop: () => void) => void = () => {};
    const slow: PlayLottie = () =>
      new Promise((resolve) => {
        drawn = resolve;
      });
    const { cellAt } = await mount("lottie", slow);
    await fire(cellAt(0), "mouseenter");
    const overlay = cellAt(0).querySelector(".cell__play");
    expect(overlay).not.toBeNull();
    expect(overlay?.hasAttribute("data-playing")).toBe(false);
    await act(() => drawn(() => {}));
    await settle();
    expect(cellAt(0).querySelector(".cell__play")?.hasAttribute("data-playing")).toBe(true);
  });
});

describe("what a Lottie plays", () => {
  it("is a moving preview the service gives as it is, else its JSON; never a .lottie zip", () => {
    const gif = { uuid: "g", name: "g", urls: { png_256: "/g.png", gif: "/g.gif", json: "/g.json" } };
    expect(motionOf(gif, "lottie")).toEqual({ kind: "gif", url: "/g.gif" });
    const json = { uuid: "j", name: "j", urls: { png_256: "/j.png", json: "/j.json", lottie: "/j.lottie" } };
    expect(motionOf(json, "lottie")).toEqual({ kind: "lottie", url: "/j.json" });
    expect(motionOf({ uuid: "z", name: "z", urls: { lottie: "/z.lottie" } }, "lottie")).toEqual({
      kind: "none",
    });
    expect(motionOf(json, "3d")).toEqual({ kind: "none" });
    const video = { uuid: "v", name: "v", urls: { thumb: "/v.webm", json: "/v.json" } };
    expect(motionOf(video, "lottie")).toEqual({ kind: "video", url: "/v.webm" });
  });
});
