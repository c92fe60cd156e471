// The notice for the error being shown: its title, its words, and its one action.

import type { AppState } from "../app-state";
import { CloseIcon } from "../icons";

export function ErrorNotice({ app }: { app: AppState }) {
  const notice = app.errors.notice.value;
  if (!notice) return null;
  function act() {
    switch (notice?.action) {
      case "retry":
      case "wait-retry":
      case "search-name":
        // The callback the notice was shown with: run again, or search for the asset by name.
        app.errors.retryNow();
        break;
      case "settings":
        app.errors.dismiss();
        app.view.value = "settings";
        break;
      case "clear-filters":
        app.errors.dismiss();
        app.filters.clear();
        break;
      default:
        app.errors.dismiss();
    }
  }
  return (
    <div class="notice" role="alert" data-reason={notice.reason}>
      <div class="notice__text">
        <strong class="notice__title">{notice.title}</strong>
        <p class="notice__body">{notice.body}</p>
      </div>
      <div class="notice__actions">
        {notice.action !== "dismiss" && notice.actionLabel ? (
          <button type="button" class="button" onClick={act}>
            {notice.actionLabel}
          </button>
        ) : null}
        <button type="button" class="icon-button" aria-label="Dismiss" onClick={() => app.errors.dismiss()}>
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
