import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

/** The one logger of a process: Fastify's requests and the runtime's own messages. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  });
}
