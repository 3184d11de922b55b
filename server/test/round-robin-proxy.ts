import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer as deployments put in front of several API processes, for tests: requests go
 * round robin to the backends, and one refused or cut off before any answer is sent to the next
 * backend instead (nginx's `proxy_next_upstream error` for idempotent requests). A request lost
 * on a kept-alive connection the backend was closing as it was reused is sent again without using
 * up that backend's turn, as nginx does for its cached connections and Node's documentation
 * advises. It sees no health checks and no signals: what it gets right, the store's shutdown
 * made possible. `unanswered` says, for each request no backend answered, what each attempt met.
 */
export async function startRoundRobinProxy(backends: string[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const unanswered: string[] = [];
  let next = 0;
  const server = http.createServer((request, response) => {
    const first = next++;
    const met: string[] = [];
    // Each backend at most once per request, starting from the next in turn; a lost kept-alive
    // connection does not count.
    const attempt = (tried: number) => {
      const backend = backends[(first + tried) % backends.length]!;
      const target = new URL(request.url ?? '/', backend);
      const upstream = http.request(
        target,
        { method: request.method, headers: { ...request.headers, host: target.host }, agent },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (response.headersSent) return response.destroy();
        const reused = upstream.reusedSocket && error.code === 'ECONNRESET';
        met.push(`${error.code ?? error.message}${reused ? ' on a kept-alive connection' : ''} at ${backend}`);
        if (reused) return attempt(tried);
        if (tried + 1 < backends.length) return attempt(tried + 1);
        unanswered.push(`${request.method} ${request.url}: ${met.join(', then ')}`);
        response.writeHead(502).end('no backend answered');
      });
      upstream.end();
    };
    attempt(0);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    unanswered,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
