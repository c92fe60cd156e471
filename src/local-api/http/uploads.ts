// Reading multipart uploads: the body is cut off past the plan's ceiling while it streams (413, the
// body is never buffered whole), then the one `file` and the string fields are taken out of it.

import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError, uploadTooLarge } from "../../api/contract/errors";
import { NAMES_SHOWN, nameList } from "../../api/contract/validate/name-list";
import { validateUploadSize } from "../../api/contract/validate/upload";
import type { LocalApiEnv } from "./context";

/** Room for the multipart framing and the small fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Refuses (413) a body larger than `maxBytes(c)` plus the form's framing, as it streams in. */
export function uploadLimit(maxBytes: (c: Context<LocalApiEnv>) => number): MiddlewareHandler<LocalApiEnv> {
  return (c, next) => {
    const max = maxBytes(c);
    return bodyLimit({
      maxSize: max + FORM_OVERHEAD_BYTES,
      onError: () => {
        throw uploadTooLarge(`The upload is larger than the ${Math.floor(max / 1024)} KB this plan allows.`);
      },
    })(c, next);
  };
}

export function isMultipart(c: Context): boolean {
  return (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

export interface Upload {
  file?: { bytes: Uint8Array; name: string; type: string };
  fields: Map<string, string>;
  /** Field names sent more than once, or file parts under another name than `file`: one per name. */
  problems: string[];
}

/**
 * The problems a refusal names: the first few and how many more. A body of the plan's upload size
 * can carry a hundred thousand made-up fields, and echoing each made a refusal of megabytes.
 */
export function listProblems(problems: readonly string[]): string {
  const shown = problems.slice(0, NAMES_SHOWN).join("; ");
  return problems.length > NAMES_SHOWN ? `${shown}; and ${problems.length - NAMES_SHOWN} more` : shown;
}

/** Reads a multipart body; `invalid` builds the error for an unreadable body (400 or 422 by family). */
export async function readUpload(
  c: Context<LocalApiEnv>,
  invalid: (message: string) => ApiError,
): Promise<Upload> {
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch (error) {
    if (error instanceof ApiError) throw error; // the size limit, raised while the body streamed
    throw invalid("The multipart body could not be read.");
  }
  const upload: Upload = { fields: new Map(), problems: [] };
  const named = new Set<string>();
  const problem = (name: string, text: string) => {
    if (named.has(name)) return;
    named.add(name);
    upload.problems.push(`${nameList([name])} ${text}`);
  };
  for (const [name, value] of form) {
    if (typeof value === "string") {
      if (upload.fields.has(name)) problem(name, "is sent more than once");
      upload.fields.set(name, value);
    } else if (name !== "file") {
      problem(name, "must not be a file (only file takes an upload)");
    } else if (upload.file) {
      upload.problems.push("exactly one file may be uploaded");
    } else {
      upload.file = { bytes: new Uint8Array(await value.arrayBuffer()), name: value.name, type: value.type };
    }
  }
  return upload;
}

/** 413 when the file passes the plan's max_upload_kb. */
export function checkUploadSize(bytes: Uint8Array, maxUploadKb: number): void {
  validateUploadSize(bytes.byteLength, maxUploadKb);
}
