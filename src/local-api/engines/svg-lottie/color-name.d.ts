// color-name ships no typings: it is one table of CSS colour keywords to [r, g, b].
declare module "color-name" {
  const colors: Record<string, [number, number, number]>;
  export default colors;
}
