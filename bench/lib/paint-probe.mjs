// What the ui bench reads in the plugin's frame on a cold open: installed before any script of the
// frame (an init script), it waits for the ui's mark of its first content, then for that content's
// pictures to load, and records the frame that paints it (shown) and the one that paints its
// pictures (painted), with the phases before them.

/**
 * The init script. `mark` is the ui's mark for the content (home-ready: the set cards counted, with
 * their samples in the document; first-results: the first results in the store); `pictures` selects
 * the images that content must show loaded; `recent` asks for the recent strip too (seeded recents);
 * `busy` selects what must be gone first (a set card still saying "Counting…" has no figure yet).
 */
export function paintProbe({ mark, pictures, recent = false, busy = null }) {
  return `(() => {
  if (location.href !== "about:srcdoc") return;
  const probe = (window.__assetportBench = {});
  const wanted = ${JSON.stringify({ mark, pictures, recent, busy })};
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
  // Wrapped rather than observed: a PerformanceObserver hears of a mark tens of ms late.
  const markNow = performance.mark.bind(performance);
  const marked = (entry) => {
    if (probe.mark !== undefined) return;
    probe.mark = entry.startTime;
    // The frame that paints the marked content, its pictures loaded or not.
    requestAnimationFrame(() =>
      setTimeout(() => {
        probe.shown = performance.now();
      }, 0),
    );
    requestAnimationFrame(check);
  };
  performance.mark = (name, options) => {
    const entry = markNow(name, options);
    if (name === wanted.mark) marked(entry);
    return entry;
  };
  // Chromium sometimes runs this script in a srcdoc frame only after the page's first scripts: a
  // mark made by the first render is then already there (what follows is measured from now on).
  const early = performance.getEntriesByName(wanted.mark)[0];
  if (early) marked(early);
  // Each frame from the mark on: once every picture is loaded (or failed, so shown as a placeholder),
  // the task queued from this frame's rAF callback runs after the frame that paints them.
  function check() {
    const images = [...document.querySelectorAll(wanted.pictures)];
    const recentShown = !wanted.recent || document.querySelector(".home .recent img") !== null;
    const stillBusy = wanted.busy !== null && document.querySelector(wanted.busy) !== null;
    if (!images.length || !recentShown || stillBusy || !images.every((image) => image.complete)) {
      requestAnimationFrame(check);
      return;
    }
    probe.loaded = performance.now();
    setTimeout(() => {
      probe.painted = performance.now();
      probe.pictures = images.length;
      const searches = performance
        .getEntriesByType("resource")
        .filter((r) => new URL(r.name).pathname === "/v3/search" && r.responseEnd <= probe.loaded);
      const ofSets = searches.filter((r) => new URL(r.name).searchParams.has("contributors[]"));
      probe.document = performance.getEntriesByType("navigation")[0]?.responseEnd;
      probe.rendered = at("assetport:rendered");
      probe.ready = at("assetport:ready");
      probe.searchSent = Math.min(...searches.map((r) => r.startTime));
      probe.setsSent = Math.min(...ofSets.map((r) => r.startTime));
      probe.setsAnswered = Math.max(...ofSets.map((r) => r.responseEnd));
      probe.searches = searches.length;
      probe.order = searches
        .sort((a, b) => a.startTime - b.startTime)
        .map((r) => {
          const q = new URL(r.name).searchParams;
          const what = q.get("contributors[]") ?? (q.get("query") || q.get("sort") || "search");
          return what + " " + r.startTime.toFixed(0) + "-" + r.responseEnd.toFixed(0);
        });
    }, 0);
  }
})();`;
}
