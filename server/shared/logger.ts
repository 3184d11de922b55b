import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type pinoPretty from 'pino-pretty';
import type { Config } from './config.ts';

export type { Logger };

/** The request being answered, for the log lines written while it is (by services as well as routes). */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** Marks Fastify's per-request loggers, which carry the request's id already. */
const BOUND_TO_REQUEST = Symbol('bound to a request');

/**
 * The one logger of a process: Fastify's requests and the runtime's own messages. Every line
 * written while a request is answered names it (`reqId`), whichever logger writes it. A person
 * at a terminal reads lines of text, links on lines of their own; anything else (a file, a log
 * collector) gets JSON, one object per line.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'> & { logFormat?: Config['logFormat'] },
  /** Where the lines go: standard output, or a test's stream. */
  destination: NodeJS.WritableStream = process.stdout,
): Logger {
  const options = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    // pino writes into the object a mixin returns: always a new one.
    mixin: (_line: object, _level: number, logger: Logger) => {
      const request = requestContext.getStore();
      return request && !(logger as Logger & { [BOUND_TO_REQUEST]?: true })[BOUND_TO_REQUEST]
        ? { reqId: request.reqId }
        : {};
    },
  };
  const terminal = (destination as NodeJS.WriteStream).isTTY === true;
  if ((config.logFormat ?? (terminal ? 'pretty' : 'json')) === 'json') return pino(options, destination);
  // Required here, not imported: a process that logs JSON never loads it (decision 074).
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof pinoPretty;
  return pino(
    options,
    pretty({ colorize: terminal, ignore: 'pid,hostname', translateTime: 'HH:MM:ss', destination, sync: true }),
  );
}

/** Marks a request's own logger (Fastify's child, which names the request in its bindings). */
export function markRequestLogger<T extends object>(child: T): T {
  (child as T & { [BOUND_TO_REQUEST]?: true })[BOUND_TO_REQUEST] = true;
  return child;
}
