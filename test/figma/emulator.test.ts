// The emulator keeps Figma's rules: these tests pin the ones the plugin depends on.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createFigma } from "./figma";
import { gifBytes, ICON_SVG, jpgBytes, pngBytes, webpBytes } from "./fixtures";
import type { EmuFrame, EmuVector } from "./node-types";
import { CLIENT_STORAGE_MAX } from "./storage";

describe("createNodeFromSvg", () => {
  it("builds a frame of vectors sized from the SVG, paints inherited as SVG does", () => {
    const { figma } = createFigma();
    const frame = figma.createNodeFromSvg(ICON_SVG);
    expect(frame.type).toBe("FRAME");
    expect([frame.width, frame.height]).toEqual([24, 24]);
    expect(frame.parent).toBe(figma.currentPage);
    const [square, group] = frame.children;
    expect(square?.type).toBe("VECTOR");
    expect(square?.fills).toEqual([]);
    expect(square?.strokes[0]).toMatchObject({ type: "SOLID", color: { r: 0, g: 0, b: 0 } });
    expect(square?.strokeWeight).toBe(2);
    expect(group?.type).toBe("GROUP");
    const circle = group?.kids()[0] as EmuVector;
    expect(circle.fills[0]).toMatchObject({ type: "SOLID", color: { r: 1, g: 0, b: 0 } });
    expect(circle.strokes).toEqual([]);
  });

  it.each([
    ["empty", ""],
    ["not xml", "hello"],
    ["unclosed", '<svg viewBox="0 0 10 10"><path d="M0 0">'],
    ["not svg", "<html><body/></html>"],
  ])("throws Figma's error for %s input", (_, svg) => {
    const { figma } = createFigma();
    expect(() => figma.createNodeFromSvg(svg)).toThrow("in createNodeFromSvg: Failed to convert SVG file");
    expect(figma.currentPage.children).toHaveLength(0);
  });

  it("gives paints frozen: a new array must be assigned", () => {
    const { figma } = createFigma();
    const frame = figma.createNodeFromSvg(ICON_SVG);
    const vector = frame.children[0]!;
    expect(() => {
      (vector.strokes as Paint[]).push({ type: "SOLID", color: { r: 1, g: 1, b: 1 } });
    }).toThrow();
  });
});

describe("images", () => {
  it("accepts PNG, JPEG and GIF and reports their natural size", async () => {
    const { figma } = createFigma();
    for (const [bytes, w, h] of [
      [await pngBytes(30, 20), 30, 20],
      [await jpgBytes(10, 40), 10, 40],
      [await gifBytes(12, 6), 12, 6],
    ] as const) {
      const image = figma.createImage(bytes);
      expect(await image.getSizeAsync()).toEqual({ width: w, height: h });
      expect(figma.getImageByHash(image.hash)).not.toBeNull();
    }
  });

  it("refuses other formats and images over 4096 px a side", async () => {
    const { figma } = createFigma();
    const [webp, wide, widest] = [await webpBytes(10, 10), await pngBytes(4097, 2), await pngBytes(4096, 2)];
    expect(() => figma.createImage(webp)).toThrow("in createImage: Image type is unsupported");
    expect(() => figma.createImage(new Uint8Array([1, 2, 3, 4]))).toThrow("Image type is unsupported");
    expect(() => figma.createImage(wide)).toThrow("in createImage: Image is too large");
    expect(() => figma.createImage(widest)).not.toThrow();
    const url = `data:image/png;base64,${Buffer.from(await pngBytes(5000, 1)).toString("base64")}`;
    await expect(figma.createImageAsync(url)).rejects.toThrow("Image is too large");
  });

  it("refuses an image fill whose image was never created", () => {
    const { figma } = createFigma();
    const rect = figma.createRectangle();
    expect(() => {
      rect.fills = [{ type: "IMAGE", imageHash: "0".repeat(40), scaleMode: "FILL" }];
    }).toThrow("Image with this hash does not exist");
  });
});

describe("storage and plugin data limits", () => {
  it("stops client storage at 5 MB and keeps what was stored", async () => {
    const { figma } = createFigma();
    await figma.clientStorage.setAsync("a", "x".repeat(3 * 1024 * 1024));
    await expect(figma.clientStorage.setAsync("b", "y".repeat(2.5 * 1024 * 1024))).rejects.toThrow(
      /Storage limit/,
    );
    expect(await figma.clientStorage.keysAsync()).toEqual(["a"]);
    await figma.clientStorage.setAsync("a", "small");
    await figma.clientStorage.setAsync("b", "y".repeat(2.5 * 1024 * 1024));
    const copy = (await figma.clientStorage.getAsync("a")) as string;
    expect(copy).toBe("small");
  });

  it("caps plugin data at 100 kB per entry", () => {
    const { figma } = createFigma();
    const rect = figma.createRectangle();
    rect.setPluginData("k", "v".repeat(90 * 1024));
    expect(() => rect.setPluginData("k", "v".repeat(101 * 1024))).toThrow("cannot exceed 100 kB");
    expect(rect.getPluginData("k")).toHaveLength(90 * 1024);
  });

  it("counts plugin data in UTF-8 bytes, plugin id and key included", () => {
    const { figma } = createFigma({ pluginId: "p".repeat(1000) });
    const rect = figma.createRectangle();
    // 40,000 UTF-16 units, 120,000 bytes: over the cap although the string is short.
    expect(() => rect.setPluginData("k", "図".repeat(40_000))).toThrow("cannot exceed 100 kB");
    rect.setPluginData("k", "v".repeat(98_000));
    expect(() => rect.setPluginData("k", "v".repeat(99_000))).toThrow("cannot exceed 100 kB");
    expect(rect.getPluginData("k")).toHaveLength(98_000);
  });

  it("counts client storage in UTF-8 bytes of the key and the value's JSON", async () => {
    const { figma, storage } = createFigma();
    await figma.clientStorage.setAsync("k", "é".repeat(1000));
    expect(storage.usedBytes).toBe(1 + 2 + 2000);
    await figma.clientStorage.setAsync("b", new Uint8Array(10));
    expect(storage.usedBytes).toBe(1 + 2 + 2000 + 1 + 10);
    await expect(figma.clientStorage.setAsync("c", "é".repeat(CLIENT_STORAGE_MAX / 2))).rejects.toThrow(
      /Storage limit/,
    );
  });
});

describe("structure", () => {
  it("lays out auto-layout children in order and hugs them", () => {
    const { figma } = createFigma();
    const frame = figma.createFrame();
    frame.layoutMode = "HORIZONTAL";
    frame.itemSpacing = 8;
    frame.paddingLeft = 4;
    const a = figma.createRectangle();
    const b = figma.createRectangle();
    a.resize(10, 10);
    b.resize(20, 10);
    frame.appendChild(a);
    frame.appendChild(b);
    expect([a.x, b.x]).toEqual([4, 22]);
    expect(frame.width).toBe(42);
    frame.insertChild(0, b);
    expect([b.x, a.x]).toEqual([4, 32]);
  });

  it("wraps a group around its children and removes it when emptied", () => {
    const { figma } = createFigma();
    const a = figma.createRectangle();
    a.x = 10;
    a.y = 10;
    const group = figma.group([a], figma.currentPage);
    expect([group.x, group.y, group.width]).toEqual([10, 10, 100]);
    group.x = 50;
    expect(a.x).toBe(50);
    a.remove();
    expect(group.removed).toBe(true);
  });

  it("locks an instance's children like Figma", () => {
    const { figma } = createFigma();
    const component = figma.createComponent();
    component.appendChild(figma.createRectangle());
    const instance = component.createInstance();
    // Parented under the current page, as Figma does, with a copy of the component's children.
    expect(instance.parent).toBe(figma.currentPage);
    expect(instance.children.map((child) => child.type)).toEqual(["RECTANGLE"]);
    expect(() => instance.children[0]!.remove()).toThrow("Node is inside of an instance");
    expect(() => instance.appendChild(figma.createRectangle())).toThrow("New parent is an instance");
  });

  it("scales children with SCALE constraints when a frame is resized", () => {
    const { figma } = createFigma();
    const frame = figma.createNodeFromSvg(ICON_SVG);
    frame.resize(48, 48);
    expect(frame.children[0]!.width).toBe(48);
  });
});

describe("dynamic-page", () => {
  it("throws on the deprecated synchronous APIs and answers the async ones", async () => {
    const { figma } = createFigma();
    const rect = figma.createRectangle();
    expect(() => figma.getNodeById(rect.id)).toThrow("Cannot call with documentAccess: dynamic-page");
    expect(() => figma.getStyleById("S:1")).toThrow("dynamic-page");
    expect(() => figma.getLocalPaintStyles()).toThrow("dynamic-page");
    expect(() => {
      figma.currentPage = figma.createPage();
    }).toThrow("setCurrentPageAsync");
    expect(() => figma.root.findAll()).toThrow("loadAllPagesAsync");
    const component = figma.createComponent();
    expect(() => component.createInstance().mainComponent).toThrow("getMainComponentAsync");
    expect(await figma.getNodeByIdAsync(rect.id)).toBe(rect);
  });
});

describe("exportAsync", () => {
  it("renders PNG at the asked width from the node's current paints", async () => {
    const { figma } = createFigma();
    const frame = figma.createNodeFromSvg(ICON_SVG);
    const bytes = (await frame.exportAsync({
      format: "PNG",
      constraint: { type: "WIDTH", value: 96 },
    })) as Uint8Array;
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 96, 96]);
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const centre = (48 * 96 + 48) * 4;
    expect([data[centre], data[centre + 1], data[centre + 2]]).toEqual([255, 0, 0]);
  });

  it("exports SVG text and JPG bytes, and an image fill's own pixels", async () => {
    const { figma } = createFigma();
    const frame = figma.createNodeFromSvg(ICON_SVG);
    const svg = Buffer.from((await frame.exportAsync({ format: "SVG" })) as Uint8Array).toString();
    expect(svg).toContain("<svg");
    const jpg = (await frame.exportAsync({ format: "JPG" })) as Uint8Array;
    expect((await sharp(jpg).metadata()).format).toBe("jpeg");
    const rect = figma.createRectangle();
    rect.resize(20, 10);
    rect.fills = [
      {
        type: "IMAGE",
        imageHash: figma.createImage(await pngBytes(40, 20, "#00ff00")).hash,
        scaleMode: "FILL",
      },
    ];
    const png = (await rect.exportAsync({ format: "PNG" })) as Uint8Array;
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, data[0], data[1]]).toEqual([20, 10, 0, 255]);
  });
});

describe("rescale", () => {
  it("scales a frame with its groups, vectors and strokes, like the Scale tool, ignoring constraints", () => {
    const { figma } = createFigma();
    const frame = figma.createNodeFromSvg(ICON_SVG);
    frame.x = 100;
    frame.rescale(2);
    expect([frame.x, frame.width, frame.height]).toEqual([100, 48, 48]);
    const [square, group] = frame.children;
    expect([square!.width, square!.strokeWeight]).toEqual([48, 4]);
    expect([group!.x, group!.width]).toEqual([0, 48]);
    expect((group as EmuFrame).children[0]!.width).toBe(48);
  });

  it("refuses a scale under 0.01, as Figma documents", () => {
    const { figma } = createFigma();
    const rect = figma.createRectangle();
    expect(() => rect.rescale(0.009)).toThrow("in rescale");
    expect(() => rect.rescale(0)).toThrow("in rescale");
    rect.rescale(0.01);
    expect(rect.width).toBeCloseTo(1);
  });

  it("scales a group about its own top-left", () => {
    const { figma } = createFigma();
    const a = figma.createRectangle();
    const b = figma.createRectangle();
    a.x = 10;
    b.x = 110;
    const group = figma.group([a, b], figma.currentPage);
    group.rescale(0.5);
    expect([a.x, b.x, a.width, group.x, group.width]).toEqual([10, 60, 50, 10, 100]);
  });
});
