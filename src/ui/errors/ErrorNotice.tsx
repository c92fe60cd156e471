// The notice for the error being shown: its title, its words, the action that fixes it and, when
// running the same thing again can help, Try again beside it.

import { Button, IconButton } from "../controls";
import { CloseIcon } from "../icons";
import type { ErrorStore } from "./error-store";
import "./notice.css";

/** What the notice's fixes do outside the error store: the window decides where they lead. */
export interface NoticeFixes {
  openSettings(): void;
  /** Absent where there are no filters to clear. */
  clearFilters?(): void;
}

export function ErrorNotice({ errors, fixes }: { errors: ErrorStore; fixes: NoticeFixes }) {
  const notice = errors.notice.value;
  if (!notice) return null;
  function act() {
    switch (notice?.action) {
      case "retry":
      case "wait-retry":
      case "search-name":
        // The callback the notice was shown with: run again, or search for the asset by name.
        errors.retryNow();
        break;
      case "settings":
        errors.dismiss();
        fixes.openSettings();
        break;
      case "clear-filters":
        errors.dismiss();
        fixes.clearFilters?.();
        break;
      default:
        errors.dismiss();
    }
  }
  const fix =
    notice.action !== "dismiss" && notice.actionLabel
      ? notice.action !== "clear-filters" || fixes.clearFilters
      : false;
  return (
    <div class="notice" role="alert" data-reason={notice.reason}>
      <div class="notice__text">
        <strong class="notice__title">{notice.title}</strong>
        <p class="notice__body">{notice.body}</p>
        {fix || notice.retry ? (
          <div class="notice__actions">
            {/* Try again is what most often helps, so it leads; the fix beside it is secondary. */}
            {notice.retry ? <Button onClick={() => errors.retryNow()}>Try again</Button> : null}
            {fix ? (
              <Button variant={notice.retry ? "secondary" : "primary"} onClick={act}>
                {notice.actionLabel}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <IconButton label="Dismiss" class="notice__close" onClick={() => errors.dismiss()}>
        <CloseIcon />
      </IconButton>
    </div>
  );
}
