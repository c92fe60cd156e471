// Whether trying the same request again can succeed: the notice offers Try again only where it can.

/**
 * Reasons where the same request again fails the same way until something else changes (the plan,
 * the credits, the input, a fresh link): no Try again beside their notice.
 */
const RETRY_DOES_NOT_HELP: ReadonlySet<string> = new Set([
  "asset_not_covered",
  "credit_limit_reached",
  "entitlement_required",
  "client_without_owner",
  "subscription_required",
  "quota_exhausted",
  "item_not_found",
  "idempotency_already_completed",
  "idempotency_in_progress",
  "invalid_input_file",
  "format_not_available",
  "invalid_signature",
  "link_expired",
  "file_not_kept",
  "asset_without_id",
  "drop_position_unknown",
  "aborted",
  "nothing_selected",
  "not_exportable",
  "unsupported_image",
  "image_too_large",
  "storage_full",
  "unknown_type",
  "instance_locked",
  "colour_missing",
]);

export const retryHelps = (reason: string): boolean => !RETRY_DOES_NOT_HELP.has(reason);
