// Figma's rules for a plugin manifest (https://developers.figma.com/docs/plugins/manifest), checked
// before build.mjs writes manifest.json and again by test/build/manifest-rules.test.ts: a manifest
// Figma refuses, or one whose relaunch button or network rule silently does nothing, stops the build.
// First the shape of every field (a strict schema: Figma ignores a field it does not know, so a
// misspelt `multipleSelections` would quietly do nothing), then the rules a schema cannot say.
// The schema below is written by hand from that page (the plugin typings carry no manifest type).
// It stands in for the published JSON schema of the `figma-plugin-manifest` package, which the package
// registry does not serve (404): when a published schema can be had, check against it as well.
// Network rules are also the browser's: Figma's page is https, so plain http reaches only this machine.
import * as v from "valibot";
import { isLoopbackOrigin, isReachableFromHttps } from "./loopback.mjs";

const text = v.pipe(v.string(), v.trim(), v.minLength(1, "must not be empty"));

const Parameter = v.strictObject({
  name: text,
  key: text,
  description: v.optional(v.string()),
  allowFreeform: v.optional(v.boolean()),
  optional: v.optional(v.boolean()),
});

/** A clickable item, a separator, or a submenu (Figma's ManifestMenuItem). */
const MenuItem = v.union([
  v.strictObject({
    name: text,
    command: text,
    parameters: v.optional(v.array(Parameter)),
    parameterOnly: v.optional(v.boolean()),
  }),
  v.strictObject({ separator: v.literal(true) }),
  v.strictObject({ name: text, menu: v.array(v.lazy(() => MenuItem)) }),
]);

const Manifest = v.strictObject({
  name: text,
  // Figma's type has no `?` here: the id is what a published plugin's updates and data hang on.
  id: text,
  api: v.pipe(v.string(), v.regex(/^\d+\.\d+\.\d+$/, "must be a version such as 1.0.0")),
  main: text,
  ui: v.optional(v.union([text, v.record(v.string(), text)])),
  editorType: v.pipe(
    v.array(v.picklist(["figma", "figjam", "dev", "slides", "buzz"])),
    v.minLength(1, "must name an editor"),
  ),
  // Required for every new plugin, and "dynamic-page" is its only value.
  documentAccess: v.literal("dynamic-page"),
  networkAccess: v.strictObject({
    allowedDomains: v.pipe(v.array(text), v.minLength(1, 'must list domains, or ["none"]')),
    reasoning: v.optional(v.string()),
    devAllowedDomains: v.optional(v.array(text)),
  }),
  parameters: v.optional(v.array(Parameter)),
  parameterOnly: v.optional(v.boolean()),
  menu: v.optional(v.array(MenuItem)),
  relaunchButtons: v.optional(
    v.array(v.strictObject({ command: text, name: text, multipleSelection: v.optional(v.boolean()) })),
  ),
  capabilities: v.optional(v.array(v.picklist(["textreview", "codegen", "inspect", "vscode"]))),
  permissions: v.optional(
    v.array(v.picklist(["currentuser", "activeusers", "fileusers", "payments", "teamlibrary"])),
  ),
  codegenLanguages: v.optional(v.array(v.strictObject({ label: text, value: text }))),
  codegenPreferences: v.optional(v.array(v.record(v.string(), v.unknown()))),
  enableProposedApi: v.optional(v.boolean()),
  enablePrivatePluginApi: v.optional(v.boolean()),
  build: v.optional(v.string()),
});

// A domain as Figma reads allowedDomains: an optional http(s)/ws(s) scheme, an optional "*." for every
// subdomain, a host, an optional port and an optional path ("example.com", "*.example.com",
// "https://api.example.com:8443/v3/").
const DOMAIN =
  /^(?:(?:https?|wss?):\/\/)?(?:(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:\/\S*)?$/i;

function duplicates(values) {
  return [...new Set(values.filter((value, i) => values.indexOf(value) !== i))];
}

function networkProblems({ allowedDomains, devAllowedDomains = [], reasoning }) {
  const problems = [];
  for (const keyword of ["none", "*"]) {
    if (allowedDomains.includes(keyword) && allowedDomains.length > 1)
      problems.push(`networkAccess.allowedDomains: "${keyword}" must stand alone`);
  }
  for (const domain of allowedDomains) {
    if (domain === "none" || domain === "*") continue;
    if (!DOMAIN.test(domain))
      problems.push(`networkAccess.allowedDomains: "${domain}" is not a domain Figma understands`);
    // Allowed, yet blocked all the same: Figma's page is https, and the browser refuses plain http
    // (mixed content) to every host but this machine.
    else if (!isReachableFromHttps(domain))
      problems.push(
        `networkAccess.allowedDomains: "${domain}" is plain http, which Figma's https page blocks`,
      );
  }
  // devAllowedDomains are for a server on the developer's own machine.
  for (const domain of devAllowedDomains) {
    if (!isLoopbackOrigin(domain))
      problems.push(`networkAccess.devAllowedDomains: "${domain}" is not a server on this machine`);
  }
  for (const domain of duplicates([...allowedDomains, ...devAllowedDomains]))
    problems.push(`networkAccess: "${domain}" is listed twice`);
  // Figma shows the reason to whoever reviews or installs a plugin that reaches out to the network.
  const reaches = !(allowedDomains.length === 1 && allowedDomains[0] === "none");
  if (reaches && !reasoning?.trim())
    problems.push("networkAccess.reasoning: say why the plugin needs the domains it lists");
  return problems;
}

/** Every clickable command in the menu tree, with the names at each level checked on the way. */
function menuProblems(items, where, commands) {
  const problems = [];
  const names = items.filter((item) => "name" in item).map((item) => item.name);
  for (const name of duplicates(names)) problems.push(`${where}: two items are named "${name}"`);
  items.forEach((item, i) => {
    const at = `${where}[${i}]`;
    if ("menu" in item) {
      if (item.menu.length === 0) problems.push(`${at}.menu: a submenu needs items`);
      problems.push(...menuProblems(item.menu, `${at}.menu`, commands));
    } else if ("command" in item) {
      commands.push(item.command);
      problems.push(...parameterProblems(item, at));
    }
  });
  return problems;
}

function parameterProblems({ parameters, parameterOnly }, at) {
  const problems = [];
  const keys = (parameters ?? []).map((p) => p.key);
  for (const key of duplicates(keys)) problems.push(`${at}.parameters: the key "${key}" is used twice`);
  if (parameterOnly !== undefined && keys.length === 0)
    problems.push(`${at}.parameterOnly: means nothing without parameters`);
  return problems;
}

/** What Figma would refuse, or silently ignore, in `manifest`: an empty list when it is sound. */
export function manifestProblems(manifest) {
  const parsed = v.safeParse(Manifest, manifest);
  if (!parsed.success) {
    return parsed.issues.map((issue) => `${v.getDotPath(issue) ?? "manifest"}: ${issue.message}`);
  }
  const m = parsed.output;
  const problems = [];
  for (const editor of duplicates(m.editorType)) problems.push(`editorType: "${editor}" is listed twice`);
  if (m.editorType.includes("dev") && (m.editorType.includes("figjam") || m.editorType.includes("slides")))
    problems.push('editorType: Dev Mode goes with "figma" only');
  problems.push(...networkProblems(m.networkAccess));

  const commands = [];
  if (m.menu) {
    if (m.parameters) problems.push("parameters: with a menu, parameters belong to its items");
    problems.push(...menuProblems(m.menu, "menu", commands));
  } else {
    problems.push(...parameterProblems(m, "manifest"));
  }
  for (const command of duplicates(commands)) problems.push(`menu: the command "${command}" is used twice`);

  const buttons = m.relaunchButtons ?? [];
  for (const command of duplicates(buttons.map((b) => b.command)))
    problems.push(`relaunchButtons: the command "${command}" is used twice`);
  for (const name of duplicates(buttons.map((b) => b.name)))
    problems.push(`relaunchButtons: two buttons are named "${name}"`);
  return problems;
}
