// `npm start` builds for the proxy it serves: a proxy list whose default is anything else would give a
// plugin that never reaches that proxy, and a local token baked for the wrong server.
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the build, without declarations
import { startBuildEnv } from "../../scripts/start-env.mjs";

describe("npm start's build environment", () => {
  it("names the proxy it serves when no proxy is given", () => {
    expect(startBuildEnv({}, "8787").ASSETPORT_PROXY_URL).toBe("http://localhost:8787");
    expect(startBuildEnv({ ASSETPORT_PROXY_URLS: " " }, "9000").ASSETPORT_PROXY_URL).toBe(
      "http://localhost:9000",
    );
  });

  it("keeps a given list whose default is the proxy it serves", () => {
    const env = { ASSETPORT_PROXY_URLS: "http://127.0.0.1:9000,http://localhost:9100" };
    expect(startBuildEnv(env, "9000")).toEqual(env);
    expect(startBuildEnv({ ASSETPORT_PROXY_URL: "http://localhost:8787/" }, "8787")).toEqual({
      ASSETPORT_PROXY_URL: "http://localhost:8787/",
    });
  });

  it.each([
    ["a remote default", { ASSETPORT_PROXY_URLS: "https://assets.example.org" }],
    [
      "another port on this machine first",
      { ASSETPORT_PROXY_URLS: "http://localhost:9100,http://localhost:8787" },
    ],
    ["https to a proxy that serves http", { ASSETPORT_PROXY_URL: "https://localhost:8787" }],
  ])("refuses %s", (_, env) => {
    expect(() => startBuildEnv(env, "8787")).toThrow(/npm start serves its proxy at http:\/\/localhost:8787/);
  });
});
