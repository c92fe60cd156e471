/** A setting that stops start-up; the message names the variable and what it should be. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}
