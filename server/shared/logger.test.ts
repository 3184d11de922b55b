import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, markRequestLogger, requestContext } from './logger.ts';

function capture(format: 'json' | 'pretty') {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { logger: createLogger({ logLevel: 'info', logFormat: format }, stream), text: () => text };
}

describe('the logger', () => {
  it('names the request a line was written for, whichever logger wrote it, and names it once', () => {
    const { logger, text } = capture('json');
    requestContext.run({ reqId: 'abc-1' }, () => {
      logger.info('a service wrote this while answering');
      markRequestLogger(logger.child({ reqId: 'abc-1' })).info('the request logger wrote this');
    });
    logger.info('no request');
    const lines = text().trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: 'abc-1', msg: 'a service wrote this while answering' });
    expect(lines[1]!.match(/"reqId"/g)).toHaveLength(1);
    expect(JSON.parse(lines[2]!).reqId).toBeUndefined();
  });

  it('writes lines a person reads at a terminal, with a link on a line of its own', () => {
    const { logger, text } = capture('pretty');
    logger.info('Email to ada@example.com written\n  http://localhost:3000/users/u1/verify/t1');
    expect(text()).not.toContain('{"level"');
    expect(text()).toMatch(
      /INFO.*Email to ada@example\.com written\n\s+http:\/\/localhost:3000\/users\/u1\/verify\/t1\n/,
    );
  });
});
