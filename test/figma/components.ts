// figma.createComponentFromNode: the toolbar's Create component, for the emulator.
import { EmuComponent, EmuFrame } from "./node-types";
import type { EmuNode, EmuScene } from "./nodes";
import { figmaError, type World } from "./world";

// Documented: a node that cannot become a component throws "Cannot create component from node".
const REFUSED = "Cannot create component from node";

/**
 * A frame becomes a component in place (its children, box and paints move over); any other layer
 * is wrapped in a component of its size. The typings list what is refused: a component or component
 * set, or a node inside a component, component set or instance. Plugin data is not carried over (a
 * guess: Figma does not say, and not carrying it is the stricter reading).
 */
export function componentFromNode(world: World, node: EmuScene, fallbackParent: EmuNode): EmuComponent {
  if (node.removed || node.type === "COMPONENT" || node.type === "COMPONENT_SET") {
    throw figmaError("createComponentFromNode", REFUSED);
  }
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === "COMPONENT" || p.type === "COMPONENT_SET" || p.type === "INSTANCE") {
      throw figmaError("createComponentFromNode", REFUSED);
    }
  }
  const parent = node.parent ?? fallbackParent;
  const index = parent.kids().indexOf(node);
  const component = new EmuComponent(world);
  component.name = node.name;
  component.resize(node.width, node.height);
  component.fills = [];
  parent.addChild(index < 0 ? parent.kids().length : index, component, "createComponentFromNode");
  component.placeAt(node.x, node.y);
  component.constraints = node.constraints;
  if (node instanceof EmuFrame && node.type === "FRAME") {
    component.fills = node.fills;
    component.strokes = node.strokes;
    component.clipsContent = node.clipsContent;
    component.svgViewBox = node.svgViewBox;
    component.svgDefs = node.svgDefs;
    for (const child of [...node.children]) {
      const { x, y } = child;
      component.appendChild(child);
      child.placeAt(x, y);
    }
    node.remove();
  } else {
    component.appendChild(node);
    node.placeAt(0, 0);
  }
  return component;
}
