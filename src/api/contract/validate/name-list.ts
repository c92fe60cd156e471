// Field names a refusal echoes back: the first few, each cut short, and how many more. A body of
// 10 MB can carry a hundred thousand made-up names; echoing them all made a 1.3 MB error.

export const NAMES_SHOWN = 5;
const NAME_CHARS = 40;

function short(name: string): string {
  return name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS)}…` : name;
}

/** "a, b, c, d, e and 95 more" */
export function nameList(names: readonly string[], shown = NAMES_SHOWN): string {
  const listed = names.slice(0, shown).map(short).join(", ");
  return names.length > shown ? `${listed} and ${names.length - shown} more` : listed;
}
