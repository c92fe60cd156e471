// The checks every bundle that is deployed to a server passes (the Workers build, the Node server
// build): none of the inputs it must not hold, and never the local API's demo secret, which anyone
// can read in this repository. Returns the bundle's size and inputs.
import { readFile } from "node:fs/promises";

/**
 * `what` names the bundle in the error ("The Workers bundle"); `isForbidden` judges each esbuild
 * input path.
 */
export async function checkedBundle(result, outfile, what, isForbidden) {
  const inputs = Object.keys(result.metafile.inputs);
  const forbidden = inputs.filter(isForbidden);
  if (forbidden.length > 0) throw new Error(`${what} must not include: ${forbidden.join(", ")}`);
  const text = await readFile(outfile, "utf8");
  if (text.includes("local-demo-secret")) throw new Error(`${what} contains the local API's demo secret.`);
  return { outfile, bytes: Buffer.byteLength(text), inputs };
}
