// @vitest-environment happy-dom
// The shared UI3 controls as the other views use them: native inputs underneath (keyboard and screen
// readers work as with the browser's), the value passed up on change, and the states they announce.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { Button, Checkbox, EmptyState, RadioGroup, Segmented } from "../../src/ui/controls";

function mount(node: preact.VNode) {
  const container = document.createElement("div");
  document.body.append(container);
  render(node, container);
  return container;
}

const click = (el: Element | null | undefined) => act(() => (el as HTMLElement | null)?.click());

describe("shared controls", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("Segmented: a radiogroup of native radios, the chosen one checked, a click passes its value", async () => {
    const picked: string[] = [];
    const root = mount(
      <Segmented
        label="Weight"
        name="weight"
        value="regular"
        options={[
          { value: "thin", label: "Thin" },
          { value: "regular", label: "Regular" },
        ]}
        onChange={(v) => picked.push(v)}
      />,
    );
    expect(root.querySelector('[role="radiogroup"]')?.getAttribute("aria-label")).toBe("Weight");
    const radios = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => r.checked)).toEqual([false, true]);
    await click(radios[0]);
    expect(picked).toEqual(["thin"]);
  });

  it("RadioGroup and Checkbox pass their values up", async () => {
    const seen: unknown[] = [];
    const root = mount(
      <>
        <RadioGroup
          label="Input"
          name="source"
          value="a"
          options={[
            { value: "a", label: "A" },
            { value: "b", label: "B" },
          ]}
          onChange={(v) => seen.push(v)}
        />
        <Checkbox name="place" checked={false} onChange={(v) => seen.push(v)}>
          Place
        </Checkbox>
      </>,
    );
    await click(root.querySelector('input[value="b"]'));
    await click(root.querySelector('input[name="place"]'));
    expect(seen).toEqual(["b", true]);
  });

  it("Button is a button (not a submit) in its variant; EmptyState alerts only for a problem", () => {
    const root = mount(
      <>
        <Button variant="secondary">Go</Button>
        <EmptyState title="Nothing found" />
        <EmptyState title="Offline" problem />
        <EmptyState title="Loading" loading />
      </>,
    );
    const button = root.querySelector("button");
    expect(button?.getAttribute("type")).toBe("button");
    expect(button?.className).toBe("button button--secondary");
    const states = [...root.querySelectorAll(".empty-state")];
    expect(states.map((s) => s.getAttribute("role"))).toEqual([null, "alert", null]);
    expect(states[2]?.getAttribute("aria-busy")).toBe("true");
  });
});
