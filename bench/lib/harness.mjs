// What the Chromium suites (ui, ai) share around the end-to-end harness: the window pointed at the
// bench's proxy, and waiting for something to hold within a bound.

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seeds the plugin's settings with the stack's proxy and token, as a designer's saved settings. */
export async function seedSettings(emulator, stack) {
  await emulator.figma.clientStorage.setAsync("assetport.settings", {
    proxyUrl: stack.publicUrl,
    accessToken: stack.token,
  });
}

/** Polls `read` every 10 ms until it gives a truthy value; past `timeoutMs` the suite fails. */
export async function waitFor(suite, read, what, timeoutMs) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${suite} bench: timed out waiting for ${what}`);
    await sleep(10);
  }
}
