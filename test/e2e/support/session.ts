// The life of an end-to-end test file: the stack (proxy and local API) and Chromium started once,
// one plugin window per test, closed after it whatever the test's outcome.
import { afterAll, afterEach, beforeAll } from "vitest";
import { type Browser, type LaunchOptions, launchChromium } from "./browser";
import type { Harness } from "./harness";
import { openPlugin, type PluginOptions } from "./plugin";
import { type Stack, type StackOptions, startStack } from "./stack";

export interface E2eSession {
  readonly stack: Stack;
  readonly browser: Browser;
  /**
   * Opens the plugin against `stack` (another stack when given), closing the window opened before;
   * the last one is closed after the test.
   */
  open(
    options?: Omit<PluginOptions, "browser">,
    stack?: Pick<Stack, "proxyUrl" | "publicUrl" | "token">,
  ): Promise<Harness>;
}

export function e2eSession(launch: LaunchOptions = {}, stackOptions: StackOptions = {}): E2eSession {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  let harness: Harness | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("The end-to-end session has not started (beforeAll failed).");
    return value;
  };
  const closeWindow = async () => {
    await harness?.close();
    harness = undefined;
  };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(stackOptions), launchChromium(launch)]);
  });
  afterEach(closeWindow);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  return {
    get stack() {
      return started(stack);
    },
    get browser() {
      return started(browser);
    },
    async open(options = {}, own) {
      await closeWindow();
      harness = await openPlugin(own ?? started(stack), { ...options, browser: started(browser) });
      return harness;
    },
  };
}
