// The home as a window last painted it (its sets, counts and sample pictures), kept in Figma's
// clientStorage so the next window paints it at once, before the service has answered, and then
// refreshes it. Stored as JSON text that only the ui reads (src/ui/home/home-snapshot.ts); the plugin
// keeps it within this bound and hands it back with `ready`.

/**
 * What the snapshot may take of Figma's 5 MB: twelve sets' cards with six small pictures each fit
 * several times over; the designer's settings, history and kept downloads keep the rest.
 */
export const HOME_SNAPSHOT_MAX_CHARS = 256 * 1024;
