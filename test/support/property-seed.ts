// Property tests draw a fresh seed on every developer run, to keep exploring. CI runs them on one
// fixed seed, so that a red CI run means the change broke something, and can be replayed exactly.
import fc from "fast-check";

if (process.env.CI) fc.configureGlobal({ seed: 20_261_122 });
