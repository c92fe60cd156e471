// The protocol's public surface for both sides. The ui imports `./ui-port` for its binding;
// the plugin imports `./schemas` for validation. Types are shared by both.
export * from "./envelope";
export type * from "./types";
