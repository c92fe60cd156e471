// Runs before `npm test`: the end-to-end tests need Debian's Chromium (and Inter, Figma's UI font,
// so the screenshots show the window as a designer sees it), and the Lottie video conversions need
// ffmpeg. Missing ones are installed from Debian's packages when we can (root with
// apt-get); otherwise the run stops here with a clear message: the tests never skip them.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Whether fontconfig (which Chromium asks for fonts) knows a family named Inter. */
function hasInter() {
  const found = spawnSync("fc-list", [":family=Inter", "family"], { encoding: "utf8" });
  return found.status === 0 && found.stdout.trim() !== "";
}

const TOOLS = [
  // fonts-liberation is only a recommendation of chromium's, but without it screenshots show no text.
  {
    name: "Chromium",
    packages: ["chromium", "fonts-liberation"],
    present: () => existsSync("/usr/bin/chromium"),
  },
  // Figma draws its UI in Inter; without it the screenshots fall back to Liberation Sans, whose wider
  // letters clip and wrap where Figma's would not.
  { name: "the Inter font", packages: ["fonts-inter"], present: hasInter },
  { name: "ffmpeg", packages: ["ffmpeg"], present: () => spawnSync("ffmpeg", ["-version"]).status === 0 },
];

const missing = TOOLS.filter((tool) => !tool.present());
if (missing.length === 0) process.exit(0);

const packages = missing.flatMap((tool) => tool.packages);
const canInstall = process.getuid?.() === 0 && spawnSync("apt-get", ["--version"]).status === 0;
if (!canInstall) {
  console.error(
    `The tests need ${missing.map((t) => t.name).join(" and ")}. Install them with:\n` +
      `  sudo apt-get update && sudo apt-get install -y ${packages.join(" ")}`,
  );
  process.exit(1);
}

console.log(`Installing ${packages.join(", ")} from Debian's packages for the tests...`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], {
  stdio: "inherit",
  env,
});

const stillMissing = missing.filter((tool) => !tool.present());
if (stillMissing.length > 0) {
  console.error(`Could not install ${stillMissing.map((t) => t.name).join(" and ")}; the tests cannot run.`);
  process.exit(1);
}
