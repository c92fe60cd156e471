// @vitest-environment happy-dom
// The details' price line: a free asset's price is not said beside a credit cost ("Free asset · 1
// credit to insert" read as a contradiction); other prices and a free one alone still are.
import { render } from "preact";
import { afterEach, expect, it } from "vitest";
import { PriceLine } from "../../../src/ui/detail/PriceLine";

afterEach(() => {
  document.body.innerHTML = "";
});

function line(price: string | undefined, cost: string | undefined) {
  const root = document.createElement("div");
  document.body.append(root);
  render(<PriceLine price={price} cost={cost} />, root);
  return root.textContent;
}

it("says what inserting costs, without calling a charged asset free", () => {
  expect(line("free", "1 credit")).toBe("1 credit to insert");
  expect(line("Free", "Already downloaded · no credit")).toBe("Already downloaded · no credit");
  expect(line("premium", "3 credits")).toBe("Premium asset · 3 credits to insert");
  expect(line("free", undefined)).toBe("Free asset");
  expect(line(undefined, "1 credit")).toBe("1 credit to insert");
  expect(line(undefined, undefined)).toBe("");
});
