// Node's resolver for the URL checks: every address a name has, in the order the system gives.
import { lookup } from "node:dns/promises";
import type { ResolveHost } from "../ssrf/outbound-url";

export const resolveWithSystemDns: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
