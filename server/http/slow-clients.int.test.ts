import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.ts';

/** Real sockets against the listening server, as slow and greedy clients would open them. */
let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestContext({
    IDLE_TIMEOUT_SECONDS: '1',
    HEADERS_TIMEOUT_SECONDS: '1',
    BODY_MIN_BYTES_PER_SECOND: '1024',
    BODY_RATE_GRACE_SECONDS: '1',
    MAX_CONNECTIONS_PER_ADDRESS: '400',
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(() => ctx.close());

/** Opens a connection and resolves once it is open; `closed` resolves when the server ends it. */
async function connect() {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, closed };
}

/** The start of a JSON body to a route that takes up to 1 MB. */
const startOfUpload = (length: number) =>
  `POST /api/users/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{"firstName":`;

describe('slow clients', () => {
  it('closes 300 connections that never finish sending their body', async () => {
    const started = Date.now();
    const clients = await Promise.all(Array.from({ length: 300 }, () => connect()));
    for (const client of clients) client.socket.write(startOfUpload(1000));
    const closedAt = await Promise.all(clients.map((client) => client.closed));
    // One second idle, checked once a second: all gone within a few seconds, not minutes.
    expect(Math.max(...closedAt) - started).toBeLessThan(6000);
  });

  it('cuts off a body that keeps trickling in under the rate floor', async () => {
    const client = await connect();
    const started = Date.now();
    client.socket.write(startOfUpload(5000));
    // A byte every 200 ms is never idle long enough for the idle timeout, but far under 1 KB/s.
    const drip = setInterval(() => client.socket.write('x'), 200);
    const closedAt = await client.closed;
    clearInterval(drip);
    // After the one-second grace, at the next check.
    expect(closedAt - started).toBeGreaterThanOrEqual(1000);
    expect(closedAt - started).toBeLessThan(5000);
  });

  it('closes a connection whose headers never end', async () => {
    const client = await connect();
    const started = Date.now();
    client.socket.write('GET /api/items HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => client.socket.write('X-Slow: 1\r\n'), 300);
    const closedAt = await client.closed;
    clearInterval(drip);
    expect(closedAt - started).toBeLessThan(5000);
  });

  it('still answers a normal request meanwhile', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});

describe('connections per address', () => {
  let limited: TestContext;
  let limitedPort: number;
  beforeAll(async () => {
    limited = await createTestContext({ MAX_CONNECTIONS_PER_ADDRESS: '20', IDLE_TIMEOUT_SECONDS: '30' });
    await limited.app.listen({ port: 0, host: '127.0.0.1' });
    limitedPort = (limited.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => limited.close());

  it('refuses connections past the limit of one address, and serves that address again once it has closed some', async () => {
    const open = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const socket = net.connect(limitedPort, '127.0.0.1');
        socket.on('error', () => {});
        let closed = false;
        socket.once('close', () => (closed = true));
        await new Promise((resolve) => socket.once('connect', resolve));
        return { socket, isClosed: () => closed };
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(open.filter((client) => client.isClosed())).toHaveLength(10);
    for (const client of open) client.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await fetch(`http://127.0.0.1:${limitedPort}/api/health`)).status).toBe(200);
  });
});
