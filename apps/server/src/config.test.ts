import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('works out of the box', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.featureFlags).toEqual(['automation', 'subscription']);
    expect(config.trialDays).toBe(14);
  });

  it('explains a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must be a postgres/,
    );
    expect(() => loadConfig({ FEATURE_FLAGS: 'automation,teleport' })).toThrow(
      /unknown flag "teleport"/,
    );
  });

  it('requires SECRET_KEY in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY: required/);
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: 's'.repeat(32) }).isProduction).toBe(
      true,
    );
  });

  it('treats empty values as unset and trims the app URL', () => {
    const config = loadConfig({
      PORT: '',
      APP_URL: 'https://hustle.example/',
      FEATURE_FLAGS: 'automation',
    });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('https://hustle.example');
    expect(config.featureFlags).toEqual(['automation']);
  });
});
