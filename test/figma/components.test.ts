// The emulator's components: Create component from a node, and instance swap (nested too).
import { describe, expect, it } from "vitest";
import { createFigma } from "./figma";
import { ICON_SVG } from "./fixtures";
import type { EmuInstance } from "./node-types";

describe("createComponentFromNode", () => {
  it("turns a frame into a component in its place, children and box kept", () => {
    const { figma } = createFigma();
    const frame = figma.createNodeFromSvg(ICON_SVG);
    frame.x = 30;
    const component = figma.createComponentFromNode(frame);
    expect(frame.removed).toBe(true);
    expect(component).toMatchObject({ type: "COMPONENT", x: 30, width: 24, height: 24 });
    expect(component.parent).toBe(figma.currentPage);
    expect(component.children.map((c) => c.type)).toEqual(["VECTOR", "GROUP"]);
  });

  it("wraps another layer in a component of its size", () => {
    const { figma } = createFigma();
    const rect = figma.createRectangle();
    rect.resize(10, 20);
    const component = figma.createComponentFromNode(rect);
    expect(component.children).toEqual([rect]);
    expect([component.width, component.height]).toEqual([10, 20]);
  });

  it("refuses a component and a layer inside an instance, with Figma's documented words", () => {
    const { figma } = createFigma();
    const component = figma.createComponent();
    component.appendChild(figma.createRectangle());
    const instance = component.createInstance();
    expect(() => figma.createComponentFromNode(component)).toThrow("Cannot create component from node");
    expect(() => figma.createComponentFromNode(instance.children[0]!)).toThrow(
      "Cannot create component from node",
    );
  });
});

describe("swapComponent", () => {
  it("swaps a nested instance, which Figma allows where removing a layer is refused", async () => {
    const { figma } = createFigma();
    const square = figma.createComponent();
    square.appendChild(figma.createRectangle());
    const round = figma.createComponent();
    round.resize(40, 40);
    round.appendChild(figma.createEllipse());
    const button = figma.createComponent();
    button.appendChild(square.createInstance());
    const outer = button.createInstance();
    const nested = outer.children[0] as EmuInstance;
    expect(() => nested.remove()).toThrow("inside of an instance");
    nested.swapComponent(round);
    expect(await nested.getMainComponentAsync()).toBe(round);
    expect(nested.children.map((c) => c.type)).toEqual(["ELLIPSE"]);
    expect([nested.width, nested.height]).toEqual([40, 40]);
    expect(outer.children).toEqual([nested]);
  });

  it("refuses to move a layer inside an instance; the instance itself moves", () => {
    const { figma } = createFigma();
    const icon = figma.createComponent();
    icon.appendChild(figma.createRectangle());
    const button = figma.createComponent();
    button.appendChild(icon.createInstance());
    const outer = button.createInstance();
    const nested = outer.children[0] as EmuInstance;
    expect(() => {
      nested.x = 5;
    }).toThrow("inside of an instance");
    expect(() => {
      nested.children[0]!.y = 5;
    }).toThrow("inside of an instance");
    expect([nested.x, nested.y]).toEqual([0, 0]);
    outer.x = 40;
    expect(outer.x).toBe(40);
  });

  it("refuses a component that holds the instance", () => {
    const { figma } = createFigma();
    const inner = figma.createComponent();
    const outer = figma.createComponent();
    const instance = inner.createInstance();
    outer.appendChild(instance);
    expect(() => instance.swapComponent(outer)).toThrow();
  });
});

describe("a Starter file and sections", () => {
  it("refuses a fourth page with Figma's documented words; a section holds children instead", () => {
    const { figma } = createFigma({ pageLimit: 3 });
    figma.createPage();
    figma.createPage();
    expect(() => figma.createPage()).toThrow("The Starter plan only comes with 3 pages");
    const section = figma.createSection();
    section.x = 100;
    const rect = figma.createRectangle();
    section.appendChild(rect);
    rect.x = 10;
    expect(rect.absoluteTransform[0][2]).toBe(110); // a section starts its own coordinate space
    section.resize(50, 50);
    expect([rect.width, rect.height]).toEqual([100, 100]); // and leaves its children alone
  });
});
