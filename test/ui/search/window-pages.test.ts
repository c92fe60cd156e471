import { expect, it } from "vitest";
import { pagesInWindow, servicePage, windowReach } from "../../../src/ui/search/window-pages";

it("asks the window's rest as one smaller page where pages of 200 stop short of 1,500", () => {
  expect(pagesInWindow(200)).toBe(8);
  expect(windowReach(200)).toBe(1500);
  expect(servicePage(7, 200)).toEqual({ page: 7, perPage: 200 });
  // Items 1,400 to 1,499: page 15 of 100 starts exactly where page 7 of 200 ended.
  expect(servicePage(8, 200)).toEqual({ page: 15, perPage: 100 });
});

it("asks whole pages alone when they divide the window", () => {
  expect(pagesInWindow(150)).toBe(10);
  expect(windowReach(150)).toBe(1500);
  expect(servicePage(10, 150)).toEqual({ page: 10, perPage: 150 });
});

it("stops at the whole pages when no smaller page can start where they end", () => {
  // 1,500 = 7 x 190 + 170, and 1,330 is no multiple of 170: the rest cannot be addressed.
  expect(pagesInWindow(190)).toBe(7);
  expect(windowReach(190)).toBe(1330);
  expect(servicePage(8, 190)).toEqual({ page: 8, perPage: 190 });
});
