// X-Project-Reference as the service records it with the usage event: always the caller's token
// label first, so no team can book its work under another's name. A caller's own reference is kept
// after it (`label/reference`), never instead of it.

import { invalidRequest } from "../../api/contract/errors";
import { PROJECT_REFERENCE_PATTERN } from "../../api/contract/tables";

/** The spec's bound on the header: 1 to 128 printable ASCII characters. */
const MAX_REFERENCE = 128;

/**
 * The reference the service is sent; undefined when the route records none and the caller sent
 * none. `always` is for the routes the spec records it on (AI submissions).
 */
export function projectReference(
  label: string,
  callerValue: string | null,
  always: boolean,
): string | undefined {
  if (callerValue === null) return always ? label : undefined;
  const reference = `${label}/${callerValue}`;
  if (reference.length > MAX_REFERENCE || !PROJECT_REFERENCE_PATTERN.test(reference)) {
    throw invalidRequest(
      `X-Project-Reference is recorded as "${label}/" and yours: yours may be at most ${MAX_REFERENCE - label.length - 1} printable ASCII characters here.`,
    );
  }
  return reference;
}
