import { ConfigError, loadConfig, type AppConfig } from './config.js';

/** Reads the configuration; on a bad or missing variable prints what is wrong and stops the process. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
