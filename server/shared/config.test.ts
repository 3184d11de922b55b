import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config.ts';

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

  it('refuses half a PayPal configuration, naming the missing key', () => {
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'id' })).toThrow(
      /PAYPAL_CLIENT_SECRET: is required when PAYPAL_CLIENT_ID is set/,
    );
    expect(() => loadConfig({ PAYPAL_CLIENT_SECRET: 'secret' })).toThrow(
      /PAYPAL_CLIENT_ID: is required when PAYPAL_CLIENT_SECRET is set/,
    );
    expect(loadConfig({}).paypal).toBeUndefined();
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }).paypal).toMatchObject({
      clientId: 'id',
    });
  });

  it('warns about PayPal without a webhook id, and only then', () => {
    expect(configWarnings(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }))).toEqual([
      expect.stringMatching(/^PAYPAL_WEBHOOK_ID is not set/),
    ]);
    expect(
      configWarnings(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-1' })),
    ).toEqual([]);
    expect(configWarnings(loadConfig({}))).toEqual([]);
  });

  it('reads the colour index at its address, and warns that the embedded database cannot have one', () => {
    const server = { DATABASE_URL: 'postgres://store@db:5432/store', COLOUR_INDEX_URL: 'http://index:3100/' };
    expect(loadConfig(server).colourIndexUrl).toBe('http://index:3100');
    expect(configWarnings(loadConfig(server))).toEqual([]);
    expect(configWarnings(loadConfig({ COLOUR_INDEX_URL: 'http://index:3100' }))).toEqual([
      expect.stringMatching(/^COLOUR_INDEX_URL is set without DATABASE_URL/),
    ]);
    expect(() => loadConfig({ COLOUR_INDEX_URL: 'ftp://index' })).toThrow(/COLOUR_INDEX_URL/);
  });

  it('sells through the test wallet only on a local store, or where the owner asks for it by name', () => {
    expect(loadConfig({}).payments).toBe('test');
    for (const local of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://shop.localhost',
    ])
      expect(loadConfig({ PUBLIC_URL: local }).payments, local).toBe('test');
    const open = loadConfig({ PUBLIC_URL: 'https://shop.example.com' });
    expect(open.payments).toBe('none');
    expect(open.publicConfig.payment).toEqual({ provider: 'none' });
    expect(configWarnings(open)).toEqual([expect.stringMatching(/^Checkout is closed: https:\/\/shop\.example\.com/)]);
    const asked = loadConfig({ PUBLIC_URL: 'https://demo.example.com', TEST_WALLET: 'true' });
    expect(asked.payments).toBe('test');
    expect(configWarnings(asked)).toEqual([expect.stringMatching(/test wallet is on at the public address/)]);
    expect(loadConfig({ TEST_WALLET: 'false' }).payments).toBe('none');
    expect(
      loadConfig({ PUBLIC_URL: 'https://shop.example.com', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' })
        .payments,
    ).toBe('paypal');
  });

  it('reads CORS_ORIGINS as a list of bare origins', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://old.example.com, http://localhost:5173' }).corsOrigins).toEqual([
      'https://old.example.com',
      'http://localhost:5173',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://old.example.com/app' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadConfig({ CORS_ORIGINS: 'old.example.com' })).toThrow(/CORS_ORIGINS/);
  });
});
