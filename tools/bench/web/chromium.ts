import fs from 'node:fs';

/** Debian's Chromium, never a downloaded build (as the e2e scenarios run it). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless, and kept off the (closed) network: no updates, no background fetches. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** DESIGN.md's desktop size: the viewport the render timings fill. */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

/** Why the web phase cannot run here, or null when it can. */
export function chromiumMissing(): string | null {
  return fs.existsSync(CHROMIUM_PATH)
    ? null
    : `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`;
}
