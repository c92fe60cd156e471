// The api the window uses: the whole v3 client over one transport, plus the file fetcher that
// brings downloads and results through the proxy's relay when their host is not allowed.

import { clientOver } from "../../api/client/api-client";
import { createTransport, type TransportOptions } from "../../api/client/transport";
import { createFileFetcher } from "./fetch-file";

export function createUiApi(proxyUrl: string, token: string, overrides: Partial<TransportOptions> = {}) {
  const transport = createTransport({
    baseUrl: proxyUrl,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    // The ui shows rate limits with a countdown of its own; a silent wait would look like a hang.
    // A paid request's lost answer is sent again with its key by the transport alone (about 20 s in
    // all, its default sameKeyBudgetMs); nothing in the window adds tries of its own.
    retry: { rateLimitRetries: 0, failureRetries: 1 },
    ...overrides,
  });
  return { ...clientOver(transport), file: createFileFetcher(transport, proxyUrl) };
}

export type UiApi = ReturnType<typeof createUiApi>;
