// The packaged 3D set (Fluent Emoji 3D) and Lottie set (useAnimations) over real HTTP: search,
// filters, sorts, detail with its technical information, previews and downloads.

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME, account, json, type Loose, type RunningLocalApi, startLocalApi } from "./support";

let local: RunningLocalApi;
beforeAll(async () => {
  local = await startLocalApi({
    accounts: { clients: [account({ rate_limits: { reads_per_minute: 10_000, writes_per_minute: 1_000 } })] },
  });
});
afterAll(() => local.close());

async function search(query: string): Promise<Loose> {
  const response = await local.get(`/v3/search?${query}`, ACME);
  const body = await json(response);
  expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(200);
  return body.response.items;
}

async function bytesOf(url: string): Promise<{ status: number; type: string | null; bytes: Uint8Array }> {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

function pngSize(bytes: Uint8Array): [number, number] {
  expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
}

async function drawnPixels(png: Uint8Array): Promise<number> {
  const data = await sharp(png).ensureAlpha().raw().toBuffer();
  let drawn = 0;
  for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha]! > 0) drawn += 1;
  return drawn;
}

async function detail(uuid: string): Promise<Loose> {
  const response = await local.get(`/v3/items/${uuid}?additional_informations=true`, ACME);
  expect(response.status).toBe(200);
  return (await json(response)).response.item;
}

async function downloadUrl(uuid: string, body: Record<string, unknown>): Promise<Loose> {
  const response = await local.post(`/v3/items/${uuid}/api-download`, body, ACME);
  return { status: response.status, body: await json(response) };
}

describe("3D icons (Fluent Emoji 3D)", () => {
  it("lists over a thousand named 3D icons, square, with PNG only", async () => {
    const page = await search("asset=3d&per_page=200");
    expect(page.total).toBeGreaterThanOrEqual(1000);
    for (const item of page.data) {
      expect(item).toMatchObject({ type: "3d", formats: ["png"], orientation: "square", price: "free" });
      expect(item.name.length).toBeGreaterThan(0);
      expect(item.license.name).toBe("MIT");
    }
  });

  it("finds an emoji by name and tag, and serves its preview as a PNG of the asked size", async () => {
    const byName = await search("asset=3d&query=grinning%20face&per_page=5");
    const face = byName.data[0];
    expect(face.name).toBe("grinning face");
    expect(face.categories).toContain("smileys-emotion");
    const byTag = await search("asset=3d&query=cheerful&per_page=60");
    expect(byTag.data.map((item: Loose) => item.uuid)).toContain(face.uuid);
    const preview = await bytesOf(face.urls.png_128);
    expect(preview.status).toBe(200);
    expect(preview.type).toBe("image/png");
    expect(pngSize(preview.bytes)).toEqual([128, 128]);
  });

  it("filters by orientation and category, and refuses nothing for an unstyled type", async () => {
    const square = await search("asset=3d&orientation[]=square&per_page=1");
    const all = await search("asset=3d&per_page=1");
    expect(square.total).toBe(all.total);
    expect((await search("asset=3d&orientation[]=horizontal&per_page=1")).total).toBe(0);
    const animals = await search("asset=3d&categories[]=animals-nature&per_page=200");
    expect(animals.total).toBeGreaterThan(50);
    expect(animals.total).toBeLessThan(all.total);
    for (const item of animals.data) expect(item.categories).toContain("animals-nature");
  });

  it("names its categories in words beside the slugs the filters take", async () => {
    const [dog] = (await search("asset=3d&query=dog%20face&per_page=1")).data;
    expect(dog.categories).toEqual(["animals-nature", "animal-mammal"]);
    // Unicode's own names from the emoji data, not the slugs turned into words ("Animal mammal").
    expect(dog.category_names).toEqual(["Animals & Nature", "Mammals"]);
    expect((await detail(dog.uuid)).category_names).toEqual(["Animals & Nature", "Mammals"]);
  });

  it("sorts popular by Unicode's order and latest by the newest emoji first", async () => {
    const popular = await search("asset=3d&sort=popular&per_page=3");
    expect(popular.data[0].categories).toContain("smileys-emotion");
    const latest = await search("asset=3d&sort=latest&per_page=1");
    const latestDetail = await detail(latest.data[0].uuid);
    const popularDetail = await detail(popular.data[0].uuid);
    expect(Number(latestDetail.released_in)).toBeGreaterThan(Number(popularDetail.released_in));
  });

  it("details the licence text and the picture's size", async () => {
    const [face] = (await search("asset=3d&query=grinning%20face&per_page=1")).data;
    const item = await detail(face.uuid);
    expect(item.license.text).toMatch(/Permission is hereby granted/);
    expect(item.additional_informations).toMatchObject({ formats: ["png"], width: 256, height: 256 });
    const licence = await bytesOf(item.license.url);
    expect(licence.status).toBe(200);
    expect(Buffer.from(licence.bytes).toString()).toMatch(/Microsoft/);
  });

  it("downloads a PNG at the asked size, and refuses a format the set does not have", async () => {
    const [face] = (await search("asset=3d&query=grinning%20face&per_page=1")).data;
    const link = await downloadUrl(face.uuid, { format: "png", width: 300, height: 200 });
    expect(link.status).toBe(200);
    const file = await bytesOf(link.body.response.download.download_url);
    expect(file.type).toBe("image/png");
    expect(pngSize(file.bytes)).toEqual([300, 200]);
    const glb = await downloadUrl(face.uuid, { format: "glb", width: 0, height: 0 });
    expect(glb.status).toBe(404);
    expect(glb.body.data.reason).toBe("format_not_available");
  });
});

describe("Lottie animations (useAnimations)", () => {
  it("lists the 79 animations with json, dotLottie and gif", async () => {
    const page = await search("asset=lottie&per_page=200");
    expect(page.total).toBe(79);
    for (const item of page.data) {
      expect(item).toMatchObject({
        type: "lottie",
        formats: ["json", "lottie", "gif"],
        orientation: "square",
      });
    }
    const names = page.data.map((item: Loose) => item.name);
    expect(names).toContain("alert circle");
  });

  it("finds by a word of the name and previews a still that is not blank", async () => {
    const [heart] = (await search("asset=lottie&query=heart&per_page=5")).data;
    expect(heart.name).toBe("heart");
    const preview = await bytesOf(heart.urls.png_256);
    expect(preview.status).toBe(200);
    expect(pngSize(preview.bytes)).toEqual([256, 256]);
    expect(await drawnPixels(preview.bytes)).toBeGreaterThan(256 * 256 * 0.02);
    const file = await bytesOf(heart.urls.json);
    expect(JSON.parse(Buffer.from(file.bytes).toString())).toMatchObject({ nm: "heart" });
  });

  it("draws every preview of a whole page asked for at once, as a browse does", async () => {
    const page = await search("asset=lottie&per_page=79");
    const answers = await Promise.all(page.data.map((item: Loose) => bytesOf(item.urls.png_64)));
    expect(answers.map((answer) => answer.status)).toEqual(page.data.map(() => 200));
    for (const answer of answers) expect(pngSize(answer.bytes)).toEqual([64, 64]);
  });

  it("takes a loader's still where it is drawn, not at its empty start", async () => {
    const [loading] = (await search("asset=lottie&query=loading&per_page=1")).data;
    expect(loading.name).toBe("loading");
    const preview = await bytesOf(loading.urls.png_64);
    expect(await drawnPixels(preview.bytes)).toBeGreaterThan(64 * 64 * 0.02);
  });

  it("details duration, frames and size", async () => {
    const [activity] = (await search("asset=lottie&query=activity&per_page=1")).data;
    const item = await detail(activity.uuid);
    expect(item.additional_informations).toMatchObject({
      formats: ["json", "lottie", "gif"],
      frame_rate: 30,
      frames: 40,
      width: 32,
      height: 32,
    });
    expect(item.additional_informations.duration_seconds).toBeCloseTo(40 / 30);
    expect(item.additional_informations.json_bytes).toBeGreaterThan(100);
  });

  it("downloads the JSON and a dotLottie made from it", async () => {
    const [activity] = (await search("asset=lottie&query=activity&per_page=1")).data;
    const jsonLink = await downloadUrl(activity.uuid, { format: "json", width: 0, height: 0 });
    expect(jsonLink.status).toBe(200);
    const jsonFile = await bytesOf(jsonLink.body.response.download.download_url);
    expect(JSON.parse(Buffer.from(jsonFile.bytes).toString())).toMatchObject({ fr: 30, op: 40 });
    const lottieLink = await downloadUrl(activity.uuid, { format: "lottie", width: 0, height: 0 });
    expect(lottieLink.status).toBe(200);
    const dotLottie = await bytesOf(lottieLink.body.response.download.download_url);
    expect(dotLottie.type).toBe("application/zip");
    expect([...dotLottie.bytes.slice(0, 2)]).toEqual([0x50, 0x4b]); // a zip
  });

  it("downloads an animated GIF drawn at the asked size, at most 1024 px", async () => {
    const [heart] = (await search("asset=lottie&query=heart&per_page=1")).data;
    const link = await downloadUrl(heart.uuid, { format: "gif", width: 128, height: 128 });
    expect(link.status).toBe(200);
    const gif = await bytesOf(link.body.response.download.download_url);
    expect(gif.type).toBe("image/gif");
    const meta = await sharp(gif.bytes, { animated: true }).metadata();
    // heart.json: 10 frames at 30 fps.
    expect([meta.width, meta.pageHeight, meta.pages]).toEqual([128, 128, 10]);
    // Past the render bound (1024 px) the GIF is drawn at the largest size, not refused.
    const large = await downloadUrl(heart.uuid, { format: "gif", width: 2048, height: 2048 });
    expect(new URL(large.body.response.download.download_url).searchParams.get("w")).toBe("1024");
    const tooSmall = await downloadUrl(heart.uuid, { format: "gif", width: 8, height: 8 });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.data.reason).toBe("invalid_request");
    const mp4 = await downloadUrl(heart.uuid, { format: "mp4", width: 0, height: 0 });
    expect(mp4.body.data.reason).toBe("format_not_available");
  });

  it("refuses a bad size before looking at the subscription", async () => {
    const unsubscribed = await startLocalApi({ accounts: { clients: [account({ subscription: false })] } });
    try {
      for (const [asset, format] of [
        ["lottie", "gif"],
        ["3d", "png"],
      ] as const) {
        const found = await unsubscribed.get(`/v3/search?asset=${asset}&per_page=1`, ACME);
        const [item] = (await json(found)).response.items.data;
        const body = { format, width: 8, height: 8 };
        const asked = await unsubscribed.post(`/v3/items/${item.uuid}/api-download`, body, ACME);
        expect([asked.status, (await json(asked)).data.reason]).toEqual([400, "invalid_request"]);
      }
    } finally {
      await unsubscribed.close();
    }
  });

  it("features the common ideas first, and refuses styles[] as the spec says", async () => {
    const featured = await search("asset=lottie&sort=featured&per_page=200");
    const names = featured.data.map((item: Loose) => item.name);
    expect(names.slice(0, 3)).toEqual(["home", "settings", "heart"]);
    expect(new Set(names).size).toBe(79);
    const styled = await local.get("/v3/search?asset=lottie&styles[]=line", ACME);
    expect(styled.status).toBe(400);
    expect((await json(styled)).data.reason).toBe("invalid_request");
  });
});
