// Upload size and type rules: the plan's max_upload_kb for conversion and AI uploads, 10 MB and
// jpg/jpeg/png/webp for the reverse image search. Oversize is 413 invalid_request, as the service answers.

import { invalidRequest, uploadTooLarge } from "../errors";
import { REVERSE_SEARCH_FILE_TYPES, REVERSE_SEARCH_MAX_BYTES } from "../tables";

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** Throws 413 when `size` bytes pass the plan's ceiling (max_upload_kb, read from a catalogue). */
export function validateUploadSize(size: number, maxUploadKb: number | undefined, field = "file"): void {
  if (maxUploadKb === undefined) return;
  if (size > maxUploadKb * 1024) {
    throw uploadTooLarge(`${field} is ${sizeText(size)}; the plan allows uploads up to ${maxUploadKb} KB.`);
  }
}

const REVERSE_MIME_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/webp"];

/** The reverse image search's file rules: jpg, jpeg, png or webp, at most 10 MB. */
export function validateReverseSearchFile(file: Blob, field = "file"): void {
  if (!(file instanceof Blob)) throw invalidRequest(`${field} must be a file.`);
  const type = file.type.split(";")[0]?.trim().toLowerCase() ?? "";
  const name = typeof (file as File).name === "string" ? (file as File).name : "";
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  // A blob without a type or a telling name is left to the service, which reads the bytes.
  const typeKnown = type !== "" && type !== "application/octet-stream";
  const typeOk = typeKnown ? REVERSE_MIME_TYPES.includes(type) : true;
  const nameOk =
    extension === undefined || (REVERSE_SEARCH_FILE_TYPES as readonly string[]).includes(extension);
  if (!typeOk || (!typeKnown && !nameOk)) {
    throw invalidRequest(
      `${field} must be a ${REVERSE_SEARCH_FILE_TYPES.join(", ")} image; got ${type || name || "an unknown type"}.`,
    );
  }
  if (file.size === 0) throw invalidRequest(`${field} is empty.`);
  if (file.size > REVERSE_SEARCH_MAX_BYTES) {
    throw uploadTooLarge(`${field} is ${sizeText(file.size)}; the reverse image search accepts up to 10 MB.`);
  }
}
