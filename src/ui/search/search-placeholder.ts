// The search field's placeholder. It names where it searches ("Search icons", "Search Tabler") when
// that fits: at a 280 px window the field beside the type menu holds about 15 characters, and the
// menu grows with the same long type name ("Illustrations", "AI images"), so a long name was cut
// ("Search AI imag"). A name longer than LONGEST is left to the menu and the chips beside the field,
// which already show it; the field then says only "Search". Its aria-label keeps the full words.

/** The longest name said in the placeholder: "Phosphor", "3D icons" fit; "AI images" does not. */
export const LONGEST = 8;

export function searchPlaceholder(name: string): string {
  return name.length <= LONGEST ? `Search ${name}` : "Search";
}
