/** A setting in the environment is missing or wrong; the server refuses to start and says which. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
