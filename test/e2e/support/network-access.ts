// The manifest's networkAccess, enforced on the plugin's iframe as Figma enforces it: a
// Content-Security-Policy that lets the page reach only the listed domains, so a request anywhere else
// fails here just as it would in Figma. Figma documents the effect ("requests to a domain that is not
// specified ... are blocked and throw CSP errors"), not its policy string. Its CSP errors, as plugin
// authors quote them (e.g. lukasoppermann/design-tokens issue 302), name the directive that applies to
// fetches and images: `default-src data: blob: <the allowed domains>`. That directive is copied here
// as it reads; the script and style directives are ours (a plugin's ui is one inline page, so Figma
// must allow inline code), and give nothing beyond inline code and the allowed domains: no script
// from a data: or blob: URL. The e2e build is a development build, so devAllowedDomains count as
// they do for a plugin imported from its manifest.
import type { BuiltManifest } from "./dist";

/** A domain entry as the manifest spells it ("https://a.example", "*.example.com", "example.com/api/"). */
const SOURCE = /^[A-Za-z0-9*][A-Za-z0-9.*:/_-]*$/;

/** The CSP sources for the domains the manifest allows; "none" allows nothing. */
export function allowedSources(manifest: BuiltManifest): string[] {
  const access = manifest.networkAccess;
  const domains = [...(access?.allowedDomains ?? []), ...(access?.devAllowedDomains ?? [])];
  return domains.filter((domain) => {
    if (domain === "none") return false;
    if (!SOURCE.test(domain)) throw new Error(`networkAccess lists "${domain}", which is no domain`);
    return true;
  });
}

export function contentSecurityPolicy(manifest: BuiltManifest): string {
  const sources = allowedSources(manifest);
  const directive = (...parts: string[]) => [...parts, ...sources].join(" ");
  return [
    // Every kind of request (fetch, images, fonts, media, workers, frames): Figma's own directive.
    directive("default-src", "data:", "blob:"),
    directive("script-src", "'unsafe-inline'", "'unsafe-eval'"),
    directive("style-src", "'unsafe-inline'"),
  ].join("; ");
}

/** ui.html with the policy as its first head element, so it covers everything the page loads. */
export function withPolicy(html: string, manifest: BuiltManifest): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(manifest)}">`;
  if (!html.includes("<head>")) throw new Error("ui.html has no <head> to put the policy in");
  return html.replace("<head>", `<head>${meta}`);
}
