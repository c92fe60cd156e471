// The plan's upload ceiling (max_upload_kb), read from the service's operation catalogues and kept
// for a few minutes so that checking a body costs no extra call most of the time.

/** Bytes a multipart body may carry beyond the file itself (boundaries, part headers, small fields). */
export const MULTIPART_ALLOWANCE = 64 * 1024;
/** When the catalogue cannot be read, the proxy still refuses bodies above this. */
export const UNKNOWN_PLAN_CEILING = 100 * 1024 * 1024;

const CATALOGUE_TTL_MS = 5 * 60_000;
const FAILED_TTL_MS = 15_000;

/**
 * max_upload_kb from a catalogue body. The shared local shape puts it at response.max_upload_kb;
 * the service's is not shown, so a top-level or response.plan placement is read too.
 */
export function readMaxUploadKb(body: unknown): number | undefined {
  const root = (body ?? {}) as Record<string, unknown>;
  const response = (root.response ?? {}) as Record<string, unknown>;
  const plan = (response.plan ?? {}) as Record<string, unknown>;
  for (const candidate of [response.max_upload_kb, plan.max_upload_kb, root.max_upload_kb]) {
    if (typeof candidate === "number" && Number.isFinite(candidate) && candidate > 0) return candidate;
  }
  return undefined;
}

/** Returns `limitBytes(catalogue path)`; `fetchCatalogue` calls the service with the proxy's credentials. */
export function uploadLimits(
  fetchCatalogue: (path: string) => Promise<Response>,
  now: () => number = Date.now,
) {
  const known = new Map<string, { bytes: number; until: number }>();
  const pending = new Map<string, Promise<number>>();

  async function load(path: string): Promise<number> {
    let kb: number | undefined;
    try {
      const response = await fetchCatalogue(path);
      kb = response.ok ? readMaxUploadKb(await response.json()) : undefined;
      if (!response.bodyUsed) await response.body?.cancel();
    } catch {
      kb = undefined;
    }
    const bytes = kb === undefined ? UNKNOWN_PLAN_CEILING : kb * 1024 + MULTIPART_ALLOWANCE;
    known.set(path, { bytes, until: now() + (kb === undefined ? FAILED_TTL_MS : CATALOGUE_TTL_MS) });
    return bytes;
  }

  return async function limitBytes(path: string): Promise<number> {
    const entry = known.get(path);
    if (entry && entry.until > now()) return entry.bytes;
    let loading = pending.get(path);
    if (!loading) {
      loading = load(path).finally(() => pending.delete(path));
      pending.set(path, loading);
    }
    return loading;
  };
}
