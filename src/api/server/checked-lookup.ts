// A connect-time name lookup that refuses inside addresses: a socket given it connects only to an
// address that was judged, from the same answer, so a name cannot show the check one address and
// the connection another (DNS rebinding). Shaped as Node's `lookup` option (net, http, https) but
// written against no Node module, so that every server-side fetcher can share it.

import { refusedAddressReason } from "./address-policy";

type Resolve = (hostname: string) => Promise<string[]>;
type Entry = { address: string; family: number };
type Callback = (error: Error | null, address: string | Entry[], family?: number) => void;

/** The error a refused connection fails with; its message names the host, never a port or body. */
export class InsideAddressError extends Error {
  override name = "InsideAddressError";
}

export function checkedLookup(resolve: Resolve) {
  return (hostname: string, options: { all?: boolean } | number | undefined, callback: Callback): void => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0)
          return callback(new InsideAddressError(`${hostname} does not resolve`), "", 4);
        for (const address of addresses) {
          const why = refusedAddressReason(address);
          if (why) return callback(new InsideAddressError(`${hostname} resolves to ${why}`), "", 4);
        }
        const entries = addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
        if (typeof options === "object" && options?.all) callback(null, entries);
        else callback(null, entries[0]!.address, entries[0]!.family);
      },
      (error: Error) => callback(error, "", 4),
    );
  };
}
