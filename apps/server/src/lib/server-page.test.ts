import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverPage } from './server-page.ts';

/** `--name: value` pairs of one block of a stylesheet. */
function customProperties(block: string): Map<string, string> {
  return new Map([...block.matchAll(/--([\w-]+):\s*([^;}]+)/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

const tokens = fs.readFileSync(new URL('../../../web/src/ui/tokens.css', import.meta.url), 'utf8');
const [lightTokens, darkTokens] = tokens.split("[data-theme='dark']").map(customProperties);

describe('pages the server makes', () => {
  const page = serverPage({ title: 'Sign in', body: '<h1>Hi</h1>' });
  const [light, dark] = page
    .slice(page.indexOf('<style>'), page.indexOf('</style>'))
    .split('prefers-color-scheme:dark')
    .map(customProperties);

  it.each([
    ['bg', 'color-bg'],
    ['surface', 'color-surface'],
    ['border', 'color-border'],
    ['text', 'color-text'],
    ['muted', 'color-text-muted'],
    ['accent', 'color-accent'],
    ['accent-text', 'color-accent-text'],
  ])("use the app's %s colour in both themes", (property, token) => {
    expect(light!.get(property)).toBe(lightTokens!.get(token));
    expect(dark!.get(property)).toBe(darkTokens!.get(token));
  });

  it('escape the title', () => {
    expect(serverPage({ title: '<x>', body: '' })).toContain('<title>&#60;x&#62; · Hustle</title>');
  });
});
