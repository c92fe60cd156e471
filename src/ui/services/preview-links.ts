// Where the window writes its preview links: the calls whose answers name previews (search, item,
// reverse search) hand their assets on with each `urls` value on a relayed host replaced by a link
// written from the grant the answer brought (preview-grant.ts), and the service's own map kept as
// `source_urls` (the file's extension says whether it is a video; the AI tab sends the service its
// own URL). The rest of the window reads these assets as it always did.

import type { Asset } from "../../api/contract/spec-objects";
import type { PreviewGrant, PreviewGrantKeeper } from "./preview-grant";

function linkFor(value: string, grant: PreviewGrant): string | undefined {
  try {
    const url = new URL(value);
    if ((url.protocol === "http:" || url.protocol === "https:") && grant.hosts.has(url.host))
      return grant.link + encodeURIComponent(url.href);
  } catch {
    // Not a URL: shown as it is.
  }
  return undefined;
}

/** The asset with its relayed previews linked through the grant; the same asset when none is. */
export function withPreviewLinks(asset: Asset, grant: PreviewGrant | undefined): Asset {
  if (!grant) return asset;
  let linked = false;
  const urls: Record<string, string> = {};
  for (const [key, value] of Object.entries(asset.urls)) {
    const link = linkFor(value, grant);
    urls[key] = link ?? value;
    linked ||= link !== undefined;
  }
  return linked ? { ...asset, urls, source_urls: asset.urls } : asset;
}

type Listed = { data: Asset[] };
type WithSignal = { signal?: AbortSignal | undefined };

interface PreviewCalls {
  search(params?: never, options?: WithSignal): Promise<Listed>;
  item(uuid: string, options?: WithSignal): Promise<{ item: Asset }>;
  reverseSearchByUrl(url: string, filters?: never, options?: WithSignal): Promise<Listed>;
  reverseSearchByFile(file: Blob, filters?: never, options?: WithSignal): Promise<Listed>;
  reverseSearchByHash(hash: string, filters?: never, options?: WithSignal): Promise<Listed>;
}

/** The client with the calls that name previews answering linked assets, from the grant held once answered. */
export function linkingPreviews<Client extends PreviewCalls>(
  client: Client,
  grants: Pick<PreviewGrantKeeper, "current">,
): Client {
  const listed =
    <Args extends unknown[], Answer extends Listed>(call: (...args: Args) => Promise<Answer>) =>
    async (...args: Args): Promise<Answer> => {
      const answer = await call(...args);
      const grant = grants.current();
      return { ...answer, data: answer.data.map((asset) => withPreviewLinks(asset, grant)) };
    };
  return {
    ...client,
    search: listed(client.search),
    reverseSearchByUrl: listed(client.reverseSearchByUrl),
    reverseSearchByFile: listed(client.reverseSearchByFile),
    reverseSearchByHash: listed(client.reverseSearchByHash),
    item: (async (uuid: string, options?: WithSignal) => {
      const answer = await client.item(uuid, options);
      return { ...answer, item: withPreviewLinks(answer.item, grants.current()) };
    }) as Client["item"],
  };
}
