// A first-ever open's home is made of the browse (the first search, sent by the page's first script:
// first-search.ts) and then one search per set it names, for the set cards' counts and pictures.
// Left to the window, those set searches leave only once the main script is parsed and has rendered
// (~100 ms after the browse answers on a designer's laptop), and the home's pictures wait for their
// answers. So the first script asks them itself the moment the browse answers: exactly the searches
// the sets store and set-ratios will ask (home-searches.ts, set-sample.ts), no more at once than the
// window keeps in flight, and the window's own request for each takes the answer instead of asking
// again (`withFirstSets`). One the window asked first (a browse slower than the main script) is not
// sent again; an answer nobody claims is dropped. Each sample's card pictures are asked for as it
// answers (first-pictures.ts).

import { readItems } from "../../api/client/answer-readers";
import type { Asset, SearchParams } from "../../api/contract/spec-objects";
import { grantFromHeaders } from "../services/preview-grant";
import { withPreviewLinks } from "../services/preview-links";
import { COUNTS_IN_FLIGHT, discoverySearch, learnSetNames, setSearch } from "../sets/home-searches";
import type { BakedConnection } from "../settings/connection";
import { readSample, shapeSearch } from "../variants/set-sample";
import type { Boot } from "./boot-data";
import { type LoadPicture, setCardPictures } from "./first-pictures";
import { type FirstSearch, firstSearchParams, searchServer, searchUrl } from "./first-search";

/** The set searches sent early, and what the window asked before they left. */
export interface FirstSets {
  /** Sent early and not yet taken, by request (authorization and URL). */
  held: Map<string, Promise<Response>>;
  /** The window's own GETs while the early ones were still to be decided: never sent early after. */
  asked: Set<string>;
  /**
   * Whether the early set searches have been decided (sent, or none): the window stops noting, and
   * none leaves after.
   */
  decided: boolean;
}

declare global {
  var __assetportFirstSets: FirstSets | undefined;
}

/** The window's own requests noted while the early ones are undecided, at most. */
const ASKED_MAX = 100;

const keyOf = (url: string, authorization: string) => `${authorization}\n${url}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The `response` object of a v3 answer, read from a copy (the window reads the answer itself). */
async function envelopeOf(sent: Promise<Response>): Promise<Record<string, unknown> | undefined> {
  const response = await sent;
  if (!response.ok) return undefined;
  const body: unknown = await response.clone().json();
  return isRecord(body) && isRecord(body.response) ? body.response : undefined;
}

/**
 * Sends the first-ever home's set searches once the first search answers (the page's first script),
 * and, for a set whose sample cannot tell its ratio, the names set-ratios searches within it.
 */
export function sendFirstSets(
  boot: Boot,
  baked: BakedConnection,
  first: FirstSearch | undefined,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  /** Asks for a set card's pictures as soon as its sample answers (first-pictures.ts). */
  loadPicture?: LoadPicture,
): FirstSets {
  const sets: FirstSets = { held: new Map(), asked: new Set(), decided: false };
  const params = firstSearchParams(boot);
  const server = searchServer(boot, baked);
  if (!first || !params || !server || params.query || !params.asset) {
    sets.decided = true;
    return sets;
  }
  const { page: _page, per_page: _size, ...base } = params;
  const { asset } = params;
  // At most as many in flight as the window's counting keeps (totals.ts), the rest queued.
  const queue = limiter(COUNTS_IN_FLIGHT);
  /** Readings of answers still to come: while any is, the window's own requests are noted. */
  let reading = 0;
  const read = <T>(sent: Promise<T>, then: (value: T) => void) => {
    reading++;
    sent
      .then(then)
      .catch(() => undefined)
      .finally(() => {
        if (--reading > 0) return;
        sets.decided = true;
        sets.asked.clear();
      });
  };
  const send = (search: SearchParams): Promise<Response> | undefined => {
    // The counting's page is always the first (totals.ts asks `{ ...params, page: 1 }`).
    const url = searchUrl(server.base, { ...search, page: 1 });
    const key = keyOf(url, server.authorization);
    if (sets.decided || sets.asked.has(key) || sets.held.has(key)) return undefined;
    const headers: Record<string, string> = { accept: "application/json" };
    if (server.authorization) headers.authorization = server.authorization;
    const sent = queue(() => fetchImpl(url, { headers }));
    // Claimed or not, a failure is the transport's to report (it asks again when claimed).
    sent.catch(() => undefined);
    sets.held.set(key, sent);
    return sent;
  };
  /** A set's sample; when it cannot tell the set's ratio, the names searched within the set. */
  const sample = (set: string) => {
    const sent = send(setSearch(base, set));
    if (!sent) return;
    read(Promise.all([envelopeOf(sent), sent]), ([answer, response]) => {
      const page = answer ? readItems(answer) : undefined;
      // The pictures as the window will link them: through the grant the answer carries.
      const grant = grantFromHeaders(response.headers);
      const linked = page?.data.map((item) => withPreviewLinks(item, grant));
      if (linked && loadPicture) for (const url of setCardPictures(asset, linked)) loadPicture(url);
      const told = page ? readSample(set, { total: page.total, items: page.data }) : undefined;
      if (told && "probe" in told)
        for (const drawing of told.probe) send(shapeSearch(asset, set, drawing.name));
    });
  };
  /** The sets known so far, learnt as the sets store learns them (the browse's, then the featured's). */
  let known: string[] = [];
  const learn = (items: readonly Asset[]) => {
    const names = learnSetNames(known, items);
    if (!names) return;
    const added = names.filter((name) => !known.includes(name));
    known = names;
    for (const set of added) sample(set);
  };
  // The copies are taken in the first reaction to each answer, before the window can read its body.
  read(envelopeOf(first.response), (browse) => {
    const page = browse ? readItems(browse) : undefined;
    // A browse holding every result counts the sets from itself; one naming no set has no home.
    if (!page || page.data.length >= page.total) return;
    learn(page.data);
    if (!known.length) return;
    const featured = send(discoverySearch(base));
    if (featured) read(envelopeOf(featured), (answer) => answer && learn(readItems(answer).data));
  });
  return sets;
}

/** Runs at most `max` of the calls given at once, the others in turn. */
function limiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running--;
    waiting.shift()?.();
  };
  return (call: () => Promise<Response>): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const go = () => {
        running++;
        call().then(resolve, reject).finally(next);
      };
      if (running < max) go();
      else waiting.push(go);
    });
}

/**
 * The transport's fetch: a GET for exactly one of the early set searches, with the same
 * authorization, takes its answer (once); everything else goes to `fetchImpl`.
 */
export function withFirstSets(
  sets: FirstSets | undefined,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): typeof fetch {
  return (input, init) => {
    if (sets && input instanceof Request && input.method === "GET") {
      const key = keyOf(input.url, input.headers.get("authorization") ?? "");
      const held = sets.held.get(key);
      if (held) {
        sets.held.delete(key);
        return held;
      }
      if (!sets.decided) sets.asked.add(key);
      // A browse that never answers: the window has long gone on by itself, the early ones never go.
      if (sets.asked.size > ASKED_MAX) sets.decided = true;
    }
    return fetchImpl(input, init);
  };
}
