import { describe, expect, it } from "vitest";
import { createDownloadsStore } from "../../../src/ui/downloads/downloads-store";
import { STAR_KEY } from "./fixtures";

const KEY = STAR_KEY;
const FILE = { bytes: new Uint8Array([1, 2, 3]), contentType: "image/svg+xml" };

describe("downloads store", () => {
  it("counts every reuse and the credits it saved", async () => {
    const downloads = createDownloadsStore();
    let made = 0;
    const download = async () => {
      made += 1;
      return FILE;
    };
    expect((await downloads.fetchOnce(KEY, download)).reused).toBe(false);
    expect((await downloads.fetchOnce(KEY, download)).reused).toBe(true);
    expect((await downloads.fetchOnce({ ...KEY, width: 64, height: 64 }, download)).reused).toBe(false);
    expect((await downloads.fetchOnce(KEY, download)).reused).toBe(true);
    expect(made).toBe(2);
    expect(downloads.saved.value).toEqual({ downloads: 2, credits: 2 });
  });

  it("a download stopped for one caller does not fail another waiting on it", async () => {
    const downloads = createDownloadsStore();
    let stop: (reason: unknown) => void = () => undefined;
    const stopped = downloads.fetchOnce(
      KEY,
      () =>
        new Promise((_, reject) => {
          stop = reject;
        }),
    );
    const waiting = downloads.fetchOnce(KEY, async () => FILE);
    stop("refused");
    await expect(stopped).rejects.toBe("refused");
    await expect(waiting).resolves.toEqual({ file: FILE, reused: false });
    expect(downloads.saved.value.downloads).toBe(0);
  });

  it("keeps nothing of a failed download", async () => {
    const downloads = createDownloadsStore();
    await expect(downloads.fetchOnce(KEY, () => Promise.reject(new Error("402")))).rejects.toThrow("402");
    expect(downloads.isKept(KEY)).toBe(false);
  });
});
