// Files the plugin may load directly are those on the proxy's own origin (the manifest allows only
// it); anything else goes through the proxy's relay.

export function relayUrl(url: string, proxyUrl: string): string {
  let proxy: URL;
  try {
    proxy = new URL(proxyUrl);
  } catch {
    return url;
  }
  let target: URL;
  try {
    target = new URL(url, proxy);
  } catch {
    return url;
  }
  if (target.protocol === "data:" || target.protocol === "blob:") return url;
  if (target.origin === proxy.origin) return target.href;
  return `${proxy.origin}/relay?url=${encodeURIComponent(target.href)}`;
}
