// lottie-to-dotlottie: a dotLottie archive (manifest.json + animations/<id>.json, deflated with fflate).
// It is the version 1 layout on purpose: every dotLottie player reads it, while version 2 (animations
// under a/) is understood only by the newest. The dotLottie player in this project loads these
// archives in the tests, so the layout is checked by the format's own runtime rather than by us.

import { strToU8, zipSync } from "fflate";
import { requireLottie } from "./lottie-json";

export interface DotLottieManifest {
  version: "1";
  generator: string;
  animations: Array<{ id: string; speed: number; loop: boolean; autoplay: boolean }>;
}

/** A safe archive entry name from the animation's name: [a-z0-9_-], never empty. */
export function animationId(name: unknown): string {
  const id =
    typeof name === "string"
      ? name
          .toLowerCase()
          .replace(/[^a-z0-9_-]+/g, "-")
          .replace(/^-+|-+$/g, "")
      : "";
  return id.slice(0, 64) || "animation";
}

export async function lottieToDotLottie(input: Uint8Array): Promise<Buffer> {
  const { json, animation } = requireLottie(input);
  const id = animationId(animation.nm);
  const manifest: DotLottieManifest = {
    version: "1",
    generator: "Assetport",
    animations: [{ id, speed: 1, loop: true, autoplay: true }],
  };
  const zip = zipSync(
    {
      "manifest.json": strToU8(JSON.stringify(manifest)),
      [`animations/${id}.json`]: strToU8(json),
    },
    { level: 9 },
  );
  return Buffer.from(zip);
}
