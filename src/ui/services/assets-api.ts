// The whole client the ui's stores share (search, items, downloads, reverse search, conversions, AI,
// credits), named in a file of its own so a store can use it without importing the app's
// composition (app-state imports the stores; a store importing app-state back made a circle).

import type { ItemApi } from "../detail/detail-store";
import type { CreditsApi } from "../errors/error-store";
import type { DownloadApi } from "../insert/insert-controller";
import type { SearchApi } from "../search/search-store";
import type { UiApi } from "./ui-api";

export type AssetsApi = UiApi & SearchApi & ItemApi & DownloadApi & CreditsApi;
