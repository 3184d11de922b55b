import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface SlowClientLimits {
  /** A request body must arrive at least this fast on average, once its grace period is over. */
  minBodyBytesPerSecond: number;
  graceMs: number;
  /** Open connections one address may hold; 0 for no limit (behind a proxy every client shares its address). */
  maxConnectionsPerAddress: number;
}

/**
 * Slow clients hold connections and memory: a body trickling in a byte at a time is cut off
 * once it falls under the rate floor, and one address cannot open more than its share of
 * connections. Timeouts of the HTTP server itself (headers, idle, whole request) are set with
 * the app's options.
 */
export function guardAgainstSlowClients(app: FastifyInstance, limits: SlowClientLimits): void {
  if (limits.maxConnectionsPerAddress > 0) {
    const open = new Map<string, number>();
    app.server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? '';
      const count = (open.get(address) ?? 0) + 1;
      if (count > limits.maxConnectionsPerAddress) {
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
  }

  const bodies = new Set<{ socket: Socket; startedAt: number; bytesAtStart: number }>();
  const check = setInterval(() => {
    const now = Date.now();
    for (const body of bodies) {
      const seconds = (now - body.startedAt) / 1000;
      if (now - body.startedAt < limits.graceMs) continue;
      if ((body.socket.bytesRead - body.bytesAtStart) / seconds < limits.minBodyBytesPerSecond) {
        bodies.delete(body);
        body.socket.destroy();
      }
    }
  }, 1000);
  check.unref();
  app.addHook('onClose', async () => clearInterval(check));

  app.addHook('onRequest', async (request) => {
    const { socket } = request.raw;
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody || !socket) return;
    const body = { socket, startedAt: Date.now(), bytesAtStart: socket.bytesRead };
    bodies.add(body);
    const done = () => bodies.delete(body);
    request.raw.once('end', done);
    request.raw.once('close', done);
  });
}
