// Inside Figma the page's <html> carries figma-light or figma-dark (themeColors: true). In a plain
// browser neither is there: follow the system's preference with a class of our own, which the CSS
// treats like figma-dark, so one set of fallbacks serves both.

export function applySystemTheme(root: HTMLElement = document.documentElement) {
  if (typeof matchMedia !== "function") return;
  const query = matchMedia("(prefers-color-scheme: dark)");
  const apply = () => root.classList.toggle("system-dark", query.matches);
  apply();
  query.addEventListener?.("change", apply);
}
