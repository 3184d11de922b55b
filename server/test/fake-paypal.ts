import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

interface FakeOrder {
  amount: string;
  approved: boolean;
  answer?: { status: number; body: unknown };
}

/**
 * A stand-in for PayPal's servers (OAuth token, Orders v2 create and capture, refunds, webhook
 * signature verification), on 127.0.0.1. Tests steer it through `state` and read what it was sent.
 */
export async function startFakePayPal(credentials: { clientId: string; clientSecret: string }) {
  const state = {
    tokenCalls: 0,
    requests: [] as { method: string; path: string; requestId: string | undefined; body: unknown }[],
    orders: new Map<string, FakeOrder>(),
    /** How the next capture ends. */
    capture: { status: 'COMPLETED' as 'COMPLETED' | 'PENDING' | 'DECLINED', amount: undefined as string | undefined },
    verification: 'SUCCESS' as 'SUCCESS' | 'FAILURE',
    /** What GET /v2/payments/captures/{id} reports now, by capture id. */
    captureStatus: new Map<string, 'COMPLETED' | 'PENDING' | 'DECLINED'>(),
    /** Refunds asked for, by PayPal-Request-Id (a repeated request is answered with the first refund). */
    refunds: new Map<string, { captureId: string; amount: string; refundId: string }>(),
    /** When set, refunds are refused with this issue (as PayPal answers 422). */
    refundRefusal: undefined as string | undefined,
    /** Runs once a refund is made, before PayPal answers (to stage a crash). */
    duringRefund: undefined as (() => Promise<void>) | undefined,
    /** Runs while a capture is under way, before PayPal answers (to stage a race). */
    duringCapture: undefined as (() => Promise<void>) | undefined,
  };
  let counter = 0;
  const expectedBasic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const body: unknown = raw && req.headers['content-type']?.includes('json') ? JSON.parse(raw) : raw;
    const send = (status: number, payload: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    const path = req.url ?? '';

    if (path === '/v1/oauth2/token') {
      if (req.headers.authorization !== expectedBasic || raw !== 'grant_type=client_credentials')
        return send(401, { error: 'invalid_client' });
      state.tokenCalls++;
      return send(200, { access_token: `A21AA-fake-${state.tokenCalls}`, token_type: 'Bearer', expires_in: 32400 });
    }
    if (!req.headers.authorization?.startsWith('Bearer A21AA-fake-'))
      return send(401, { name: 'AUTHENTICATION_FAILURE' });
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    state.requests.push({ method: req.method ?? '', path, requestId, body });

    if (path === '/v2/checkout/orders' && req.method === 'POST') {
      const id = `PAYPAL${String(++counter).padStart(10, '0')}`;
      const unit = (body as { purchase_units: { amount: { value: string } }[] }).purchase_units[0]!;
      state.orders.set(id, { amount: unit.amount.value, approved: false });
      return send(201, { id, status: 'CREATED' });
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (capture && req.method === 'POST') {
      const order = state.orders.get(capture[1]!);
      if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (order.answer) return send(order.answer.status, order.answer.body);
      if (!order.approved)
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      await state.duringCapture?.();
      if (state.capture.status === 'DECLINED') {
        order.answer = {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] },
        };
      } else {
        const captured = {
          id: `CAP${++counter}`,
          status: state.capture.status,
          amount: { currency_code: 'USD', value: state.capture.amount ?? order.amount },
        };
        order.answer = {
          status: 201,
          body: { id: capture[1], status: 'COMPLETED', purchase_units: [{ payments: { captures: [captured] } }] },
        };
      }
      return send(order.answer.status, order.answer.body);
    }
    const captureLookup = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path);
    if (captureLookup && req.method === 'GET') {
      const status = state.captureStatus.get(captureLookup[1]!);
      if (!status) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      return send(200, { id: captureLookup[1], status, amount: { currency_code: 'USD', value: '0.00' } });
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (refund && req.method === 'POST') {
      if (state.refundRefusal)
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: state.refundRefusal }] });
      const key = requestId ?? `refund-${++counter}`;
      if (!state.refunds.has(key)) {
        state.refunds.set(key, {
          captureId: refund[1]!,
          amount: (body as { amount: { value: string } }).amount.value,
          refundId: `REFUND${++counter}`,
        });
      }
      await state.duringRefund?.();
      return send(201, { id: state.refunds.get(key)!.refundId, status: 'COMPLETED' });
    }
    if (path === '/v1/notifications/verify-webhook-signature')
      return send(200, { verification_status: state.verification });
    return send(404, { name: 'NOT_FOUND' });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    /** What the buyer does in PayPal's window. */
    approve: (id: string) => {
      state.orders.get(id)!.approved = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
