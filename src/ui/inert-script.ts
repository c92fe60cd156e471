// Code kept in the page as inert text (a script of type text/plain, neither parsed nor compiled
// while the window opens) and run once, when first needed, as an inline script: Figma's iframe
// allows them, the whole window being inline scripts. The text sets `globalName` on the window.

/** What the inert text in `elementId` puts at `globalName`, running that text the first time. */
export function runInertScript(elementId: string, globalName: string, what: string): unknown {
  const host = globalThis as Record<string, unknown>;
  if (!host[globalName]) {
    const text = document.getElementById(elementId)?.textContent;
    if (!text) throw new Error(`${what} is missing from this window.`);
    const script = document.createElement("script");
    script.textContent = text;
    document.head.append(script);
    script.remove();
  }
  const value = host[globalName];
  if (!value) throw new Error(`${what} did not start.`);
  return value;
}
