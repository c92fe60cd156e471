// A download key the store tests share: one icon as SVG at its own size, from a local server.
export const STAR_KEY = {
  server: "http://127.0.0.1:8787",
  account: "",
  uuid: "star",
  format: "svg",
  width: 0,
  height: 0,
};
