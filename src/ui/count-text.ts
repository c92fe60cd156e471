// "1,512": how the window writes every count, the same at every width and in every locale.
//
// Written by hand rather than with toLocaleString("en"): the first number Chromium formats through
// Intl sets up ICU's number formatter for the page, 20 to 80 ms on the main thread of a fresh window
// (measured in the ui bench's Chromium), and the home's first render writes counts. The digits come
// out as toLocaleString("en") writes them (test/ui/count-text.test.ts holds the two to each other);
// anything but a whole number within 2^53 (and -0) is still handed to it.

const THOUSANDS = /\B(?=(\d{3})+$)/g;

export function countText(count: number): string {
  if (!Number.isSafeInteger(count) || Object.is(count, -0)) return count.toLocaleString("en");
  const digits = String(Math.abs(count)).replace(THOUSANDS, ",");
  return count < 0 ? `-${digits}` : digits;
}
