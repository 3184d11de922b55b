import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PAGES } from '#contract/pages.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItemRow } from '../test/builders.ts';
import { createShopper } from '../test/shoppers.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';

/**
 * Hostile requests generated from the OpenAPI document: every operation, every parameter and
 * body field, with values no client should send, as the caller the route admits (and
 * anonymously). Nothing may answer 5xx, and the server must still answer afterwards. A new
 * route is covered as soon as it is documented.
 */

interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  'x-access'?: 'user' | 'admin';
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const HOSTILE_TEXT = [
  '\u0000',
  'abc\u0000def',
  '\u0007\u001b[31m',
  'line\nbreak',
  '../../../../etc/passwd',
  '..%2F..%2Fsecret',
  '-leading-dash',
  '_leading_underscore',
  '',
  ' ',
  'x'.repeat(5000),
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '\ud800',
  '%00',
  '-1',
  '1e308',
];
const HOSTILE_JSON_VALUES: unknown[] = [
  -1,
  1e308,
  -1e308,
  2 ** 70,
  0.5,
  true,
  null,
  [],
  {},
  ['\u0000'],
  { $gt: '' },
  ...HOSTILE_TEXT,
];

/** Strings that satisfy most formats and patterns of the API, tried in order. */
const PLAUSIBLE_TEXT = ['abc', '20261101_0000_aaaaaaaa', '/abc', 'a'.repeat(43), '1440x2560', 'abcdefgh'];
let sequence = 0;

/** A valid-looking value of the schema's shape, so that the one hostile field is what gets judged. */
function plausible(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'abc';
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return plausible(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object')
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(value, key)]),
    );
  if (type === 'array') return [plausible(schema.items)];
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return true;
  // The email schema trims before it checks, which hides its format from the document.
  if (schema.format === 'email' || name === 'email') return `hostile${++sequence}@example.com`;
  if (schema.format === 'uuid') return crypto.randomUUID();
  const pattern = schema.pattern && new RegExp(schema.pattern, 'u');
  return (
    PLAUSIBLE_TEXT.find((text) => (!pattern || pattern.test(text)) && text.length >= (schema.minLength ?? 0)) ?? 'abc'
  );
}

let ctx: TestContext;
let jpeg: Buffer;
let operations: { method: string; path: string; operation: Operation }[];
const callers: Record<'anonymous' | 'user' | 'admin', Record<string, string>> = { anonymous: {}, user: {}, admin: {} };
const outcomes: { label: string; status: number }[] = [];

/** A built web app's page shell, so the server answers page addresses as it does in production. */
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-hostile-web-'));
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>x</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
);

/** What names a page that is there, by the page's parameter; an item's id otherwise. */
const pageParameters: Record<string, string> = { index: '0' };

beforeAll(async () => {
  // Limits high enough that every hostile request reaches validation instead of a 429.
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_EMAIL: '100000' }, { webDir });
  jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  await ctx.catalogue.insert([
    buildItemRow({ itemId: '20261101_0000_aaaaaaaa' }),
    buildItemRow({ itemId: '20261101_0000_bbbbbbbb', freeDownload: true, priceCents: 0 }),
    buildItemRow({ itemId: '20261101_0000_cccccccc' }),
  ]);
  callers.user = (await createShopper(ctx)).headers;
  const admin = await createShopper(ctx, 'Admin');
  await ctx.accounts.promote(admin.email);
  callers.admin = admin.headers;
  const bundle = await ctx.bundles.create(admin, {
    name: 'Hostile pair',
    price: 3,
    itemIds: ['20261101_0000_aaaaaaaa', '20261101_0000_cccccccc'],
    published: true,
  });
  pageParameters.bundleId = bundle.bundleId;
  await ctx.app.ready();
  const document = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

async function send(
  label: string,
  request: { method: string; url: string; headers?: Record<string, string>; payload?: string | Buffer },
) {
  const response = await ctx.app.inject({ ...request, method: request.method as 'GET' });
  outcomes.push({ label, status: response.statusCode });
  if (response.statusCode >= 500) {
    // Shown in the failure: what was sent and what came back.
    outcomes.push({ label: `${label} → ${response.body.slice(0, 200)}`, status: response.statusCode });
  }
  return response;
}

/** A lone surrogate cannot be percent-encoded: it travels as the invalid UTF-8 a raw client would send. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

/** A multipart body holding one real JPEG under `fileName`. */
function imagePart(fileName: string) {
  return {
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
    payload: Buffer.concat([
      Buffer.from(
        `--b\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from('\r\n--b--\r\n'),
    ]),
  };
}

/** Fills a path template, with `override` for one parameter. */
function url(path: string, params: Parameter[], override?: { name: string; value: string }): string {
  const filled = path.replace(/\{([^}]+)\}\??/g, (_m, name: string) =>
    encode(override?.name === name ? override.value : String(plausible(params.find((p) => p.name === name)?.schema))),
  );
  const query = params
    .filter((p) => p.in === 'query')
    .map(
      (p) => `${encode(p.name)}=${encode(override?.name === p.name ? override.value : String(plausible(p.schema)))}`,
    );
  return query.length ? `${filled}?${query.join('&')}` : filled;
}

describe('hostile input', () => {
  it('never answers 5xx to hostile parameters, bodies or multipart, from any caller', async () => {
    for (const { method, path, operation } of operations) {
      const params = (operation.parameters ?? []).filter((p) => p.in !== 'header');
      const caller = callers[operation['x-access'] ?? 'anonymous'];
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const hasBody = method !== 'GET' && method !== 'DELETE';
      const body = hasBody ? JSON.stringify(plausible(bodySchema ?? { type: 'object' })) : undefined;
      const json = { 'content-type': 'application/json' };
      const route = `${method} ${path}`;

      // Every path and query parameter, with every hostile text; on routes that take a body,
      // also with a real image as multipart, so upload routes get as far as storing it.
      for (const param of params) {
        for (const value of HOSTILE_TEXT) {
          const label = `${route} ${param.name}=${JSON.stringify(value).slice(0, 40)}`;
          await send(label, {
            method,
            url: url(path, params, { name: param.name, value }),
            headers: { ...caller, ...(body && json) },
            payload: body,
          });
          if (hasBody)
            await send(`${label} with an image`, {
              method,
              url: url(path, params, { name: param.name, value }),
              headers: { ...caller, ...imagePart('a.jpg').headers },
              payload: imagePart('a.jpg').payload,
            });
        }
      }
      // Every body field, with every hostile value.
      for (const field of Object.keys(bodySchema?.properties ?? {})) {
        for (const value of HOSTILE_JSON_VALUES) {
          const payload = JSON.stringify({ ...(plausible(bodySchema) as object), [field]: value });
          await send(`${route} body.${field}=${JSON.stringify(value).slice(0, 40)}`, {
            method,
            url: url(path, params),
            headers: { ...caller, ...json },
            payload,
          });
        }
      }
      if (hasBody) {
        // Broken bodies: not JSON, JSON of the wrong shape, a type the route does not take.
        for (const [name, payload, type] of [
          ['bad JSON', '{"itemIds": [', 'application/json'],
          ['JSON array', '[1,2,3]', 'application/json'],
          ['JSON string with NUL', '"\\u0000"', 'application/json'],
          ['text', 'hello', 'text/plain'],
          [
            'truncated multipart',
            '--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
            'multipart/form-data; boundary=b',
          ],
          [
            'multipart with another boundary',
            '--other\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc\r\n--other--\r\n',
            'multipart/form-data; boundary=b',
          ],
          ['multipart without a boundary', '--b\r\n\r\n', 'multipart/form-data'],
        ] as const) {
          await send(`${route} ${name}`, {
            method,
            url: url(path, params),
            headers: { ...caller, 'content-type': type },
            payload: Buffer.from(payload, 'latin1'),
          });
        }
        // A real image under a file name no file system allows.
        for (const fileName of ['a\u0000.jpg', 'a\u0007.jpg', '../../../etc/passwd', '']) {
          await send(`${route} multipart file name ${JSON.stringify(fileName)}`, {
            method,
            url: url(path, params),
            headers: { ...caller, ...imagePart(fileName).headers },
            payload: imagePart(fileName).payload,
          });
        }
      }
      // The same operation anonymously, when it needs a caller.
      if (operation['x-access'])
        await send(`${route} anonymous`, {
          method,
          url: url(path, params, params[0] && { name: params[0].name, value: '\u0000' }),
          headers: body ? json : {},
          payload: body,
        });
    }

    const failures = outcomes
      .filter((outcome) => outcome.status >= 500)
      .map((outcome) => `${outcome.status} ${outcome.label}`);
    expect(failures).toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(300);
    console.info(`hostile requests: ${outcomes.length}`);
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('never answers 5xx at a page address, and none with a malformed parameter is a page', async () => {
    const statuses: string[] = [];
    for (const page of Object.values(PAGES)) {
      const names = [...page.path.matchAll(/:(\w+)\??/g)].map((match) => match[1]!);
      const fill = (hostile?: { name: string; value: string }) =>
        `/${page.path.replace(/:(\w+)\??/g, (_, name: string) =>
          hostile?.name === name ? encode(hostile.value) : (pageParameters[name] ?? '20261101_0000_aaaaaaaa'),
        )}`;
      const plain = await send(`GET ${fill()}`, { method: 'GET', url: fill() });
      statuses.push(`${fill()} ${plain.statusCode}`);
      for (const name of names) {
        for (const value of HOSTILE_TEXT) {
          const response = await send(`GET ${page.path} ${name}=${JSON.stringify(value).slice(0, 40)}`, {
            method: 'GET',
            url: fill({ name, value }),
          });
          // Hostile text that is a plausible id ('-1', '1e308') may name a page; anything else is none.
          if (/^[A-Za-z0-9._-]{1,200}$/.test(value) && !(name === 'index' && !/^\d+$/.test(value))) continue;
          if (value === '' || value === ' ') continue;
          expect([400, 404], `${page.path} ${name}=${JSON.stringify(value).slice(0, 40)}`).toContain(
            response.statusCode,
          );
        }
      }
    }
    // A wallpaper's page under another slug moves to its own (301); every other plausible address is a page.
    expect(statuses.filter((line) => !line.endsWith(' 200') && !line.endsWith(' 301'))).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status >= 500).map((outcome) => outcome.label)).toEqual([]);
  });

  it('names the field that holds a control character, and the rule an itemId breaks', async () => {
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { firstName: 'Ada\u0000', email: 'nul@example.com', password: 'violet-harbor-42' },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().message).toBe('firstName: must not contain control characters');
    const vital = await ctx.app.inject({
      method: 'POST',
      url: '/api/vitals',
      payload: { name: 'LCP', value: 1, rating: 'good', path: '/', navigationType: 'navigate\u0000' },
    });
    expect(vital.json()).toEqual({ message: 'navigationType: must not contain control characters' });
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads?itemId=-leading&kind=thumbnail',
      headers: { ...callers.admin, ...imagePart('a.jpg').headers },
      payload: imagePart('a.jpg').payload,
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().message).toMatch(/^itemId: itemId must start with a letter or digit/);
    const sources = async () => (await ctx.storage.list({ prefix: 'sources/', pageSize: 1000 })).items.length;
    const before = await sources();
    const cut = await ctx.app.inject({
      method: 'POST',
      url: '/api/items/waiting',
      headers: { ...callers.admin, 'content-type': 'multipart/form-data; boundary=b' },
      payload: imagePart('a.jpg').payload.subarray(0, 150),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toMatch(/^The upload could not be read/);
    expect(await sources()).toBe(before);
  });
});
