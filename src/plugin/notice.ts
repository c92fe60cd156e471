// Notices on the canvas. Figma shows at most 100 characters of one (typings, figma.notify: "Longer
// messages will be truncated"), so every notice is made to fit here: names are shortened before
// they go into a sentence, and a sentence still too long is cut at a word with an ellipsis, so the
// designer sees a shortened sentence rather than one Figma cut mid-word.

/** Figma's limit, counted in UTF-16 units (what `length` counts: the stricter reading). */
export const NOTICE_MAX = 100;
/** A layer, page or asset name inside a notice: long enough to recognise, short enough to leave room. */
const NAME_MAX = 32;

/** Cuts `text` to at most `max` units, ending with "…"; never splits a surrogate pair. */
function cut(text: string, max: number, atWord: boolean): string {
  if (text.length <= max) return text;
  let end = max - 1;
  if (/[\uDC00-\uDFFF]/.test(text[end] ?? "")) end -= 1;
  if (atWord) {
    const space = text.lastIndexOf(" ", end);
    if (space > max / 2) end = space;
  }
  return `${text.slice(0, end).trimEnd()}…`;
}

/** A name as a notice shows it: whole when short, else its start and "…". */
export function shortName(name: string, max = NAME_MAX): string {
  return cut(name, max, false);
}

/** `text` within Figma's limit. */
export function fitNotice(text: string): string {
  return cut(text, NOTICE_MAX, true);
}

/** figma.notify with the message made to fit. */
export function notify(message: string, options?: NotificationOptions): NotificationHandler {
  return figma.notify(fitNotice(message), options);
}
