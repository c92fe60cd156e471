// A set's name as a designer reads it: the filter's value is a username ("phosphor", "tabler-icons"),
// the window shows "Phosphor", "Tabler icons".

export function setLabel(name: string): string {
  const words = name.replace(/[-_.]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}
