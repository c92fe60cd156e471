// How many recently inserted assets the home's strip shows (RecentStrip.tsx). On its own so the page's
// first script, which asks for their pictures early (boot/first-pictures.ts), carries no view.

export const RECENT_SHOWN = 8;
