// Icons as the service's search sends them: one set's icon in one variant, with its uuid made of the
// three, so a test reads which cell is which. What a test relies on beyond that (a price for the
// details, styles for the colour previews) it says in `extra`.
import { PROXY } from "./fake-service";

export function iconItem(
  set: string,
  name: string,
  variant: string,
  extra: { styles?: string[]; price?: string } = {},
) {
  const uuid = `${set}-${name}-${variant}`;
  return {
    uuid,
    name,
    type: "icon",
    contributor: set,
    variant,
    ...extra,
    urls: { svg: `${PROXY}/previews/${uuid}.svg` },
  };
}

export type IconItem = ReturnType<typeof iconItem>;
