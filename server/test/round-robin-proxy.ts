import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer as deployments put in front of several API processes, for tests: requests go
 * round robin to the backends, and one refused or cut off before any answer is sent to the next
 * backend instead (nginx's `proxy_next_upstream error` for idempotent requests). It sees no
 * health checks and no signals: what it gets right, the store's shutdown made possible.
 */
export async function startRoundRobinProxy(backends: string[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = http.createServer((request, response) => {
    const first = next++;
    // Each backend at most once per request, starting from the next in turn.
    const attempt = (tried: number) => {
      const target = new URL(request.url ?? '/', backends[(first + tried) % backends.length]);
      const upstream = http.request(
        target,
        { method: request.method, headers: { ...request.headers, host: target.host }, agent },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => {
        if (response.headersSent) return response.destroy();
        if (tried + 1 < backends.length) return attempt(tried + 1);
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
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
