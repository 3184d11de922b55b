import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults for the embedded mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.storeName).toBe('PaletteWall');
    expect(config.seedDemo).toBe(true);
  });

  it('names the variable that holds an invalid value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('treats an empty variable as unset and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '', PUBLIC_URL: 'https://shop.example.com/' });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('https://shop.example.com');
  });
});
