import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The map at the top of docs/ARCHITECTURE.md is how a newcomer finds where a request is
// handled: it must name every folder, route area, service, repository and feature there is.
const root = path.resolve(import.meta.dirname, '..');
const architecture = fs.readFileSync(path.join(root, 'docs', 'ARCHITECTURE.md'), 'utf8');
const map = /## One package, three sides\n\n```\n([\s\S]*?)```/.exec(architecture)?.[1] ?? '';

const folders = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Source files of a folder by their stem: `checkout.service.ts` is `checkout`. */
const modules = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .map((name) => name.replace(/(\.service|\.repository)?\.ts$/, ''));

const missingFromMap = (names: string[]) =>
  names.filter((name) => !new RegExp(`(^|[\\s(/,])${name}(?=$|[\\s,):])`, 'm').test(map));

describe('the architecture map', () => {
  it('is found', () => expect(map.length).toBeGreaterThan(500));

  it('names every folder of server/ and every area of its routes', () => {
    expect(missingFromMap(folders('server').map((name) => `${name}/`))).toEqual([]);
    expect(missingFromMap(folders('server/routes'))).toEqual([]);
    expect(missingFromMap(folders('server/providers').map((name) => `${name}/`))).toEqual([]);
  });

  it('names every service, by area, every module of http/ and every repository', () => {
    const areas = folders('server/services');
    expect(missingFromMap(areas.map((area) => `${area}/`))).toEqual([]);
    expect(missingFromMap(areas.flatMap((area) => modules(`server/services/${area}`)))).toEqual([]);
    expect(missingFromMap(modules('server/http'))).toEqual([]);
    expect(missingFromMap(modules('server/db/repositories').filter((name) => name !== 'raw-rows'))).toEqual([]);
  });

  it('names every feature of the web app', () => {
    expect(missingFromMap(folders('web/src/features'))).toEqual([]);
  });
});
