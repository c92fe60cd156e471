// The api the window uses: the whole v3 client over one transport, plus the file fetcher that
// brings downloads and results through the proxy's relay when their host is not allowed, and the
// preview links written from the window's grant (preview-links.ts).

import { clientOver } from "../../api/client/api-client";
import { createTransport, type TransportOptions } from "../../api/client/transport";
import { createFileFetcher } from "./fetch-file";
import { createPreviewGrantKeeper } from "./preview-grant";
import { linkingPreviews } from "./preview-links";

export function createUiApi(proxyUrl: string, token: string, overrides: Partial<TransportOptions> = {}) {
  const fetchImpl = overrides.fetch ?? ((input, init) => fetch(input, init));
  const previewGrant = createPreviewGrantKeeper({ send: (call) => transport.send(call) });
  const transport = createTransport({
    baseUrl: proxyUrl,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    // The ui shows rate limits with a countdown of its own; a silent wait would look like a hang.
    // A paid request's lost answer is sent again with its key by the transport alone (about 20 s in
    // all, its default sameKeyBudgetMs); nothing in the window adds tries of its own.
    retry: { rateLimitRetries: 0, failureRetries: 1 },
    ...overrides,
    // Every answer that names previews carries the caller's grant: kept for the links written next.
    fetch: async (input, init) => {
      const response = await fetchImpl(input, init);
      previewGrant.observe(response.headers);
      return response;
    },
  });
  return {
    ...linkingPreviews(clientOver(transport), previewGrant),
    file: createFileFetcher(transport, proxyUrl),
    /** After a preview failed to load: true when showing its results again would give it a working link. */
    previewLinkStale: (url: string) => previewGrant.stale(url),
  };
}

export type UiApi = ReturnType<typeof createUiApi>;
