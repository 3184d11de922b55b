import { ConfigError, loadConfig, type Config } from '../shared/config.ts';

/**
 * The configuration of a process that runs beside the API servers on a PostgreSQL server (a
 * worker, the colour index), or, printed before the process exits 1, why it cannot run:
 * `whyServer` when there is no DATABASE_URL.
 */
export function serverProcessConfig(whyServer: string): Config & { databaseUrl: string } {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  if (!config.databaseUrl) {
    console.error(whyServer);
    process.exit(1);
  }
  return { ...config, databaseUrl: config.databaseUrl };
}
