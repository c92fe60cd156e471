// The rarely opened views as the built window gets them. build.mjs aliases rare-views.ts to this file
// and puts the views themselves in the page as inert text (a script of type text/plain), so they are
// neither parsed nor compiled while the window opens. Each view here stands in for its real one: the
// first time any of them renders, that text is run once, as an inline script (Figma's iframe allows
// them: the whole window is inline scripts), and from then on the real view renders in its place.
// Running it takes a few milliseconds, within the click or the launch that showed the view.

import { type FunctionComponent, h } from "preact";
import { runInertScript } from "../inert-script";
import type * as Views from "./rare-views";
import { RARE_VIEWS_ELEMENT_ID, RARE_VIEWS_GLOBAL } from "./rare-views-name";

type RareViews = typeof Views;

const runEmbeddedViews = () =>
  runInertScript(RARE_VIEWS_ELEMENT_ID, RARE_VIEWS_GLOBAL, "This view") as RareViews;

/** A stand-in for the view `name`: renders the real one, running the views' text the first time. */
function embedded<K extends keyof RareViews>(name: K): RareViews[K] {
  const Standin: FunctionComponent<Record<string, unknown>> = (props) =>
    h(runEmbeddedViews()[name] as FunctionComponent<Record<string, unknown>>, props);
  Standin.displayName = name;
  return Standin as unknown as RareViews[K];
}

export const BatchPanel = embedded("BatchPanel");
export const CommandWindow = embedded("CommandWindow");
export const FileAssetsView = embedded("FileAssetsView");
export const SwapView = embedded("SwapView");
