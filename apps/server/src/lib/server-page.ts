import { createHash } from 'node:crypto';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

// The app's design tokens (apps/web/src/ui/tokens.css), so a page the server makes looks like
// the app around it: same surfaces, text and accent, light and dark.
const styles = `:root{--bg:#f7f7f5;--surface:#ffffff;--border:#e5e5e1;--text:#1f1f1e;--muted:#6b6b68;--accent:#4656d8;--accent-text:#3d4fd1;--on-accent:#fff;--warn-bg:#fff4e0;--warn:#8a4b00;--warn-border:#ffd699}
@media (prefers-color-scheme:dark){:root{--bg:#191919;--surface:#212121;--border:#303030;--text:#e8e8e6;--muted:#9b9b98;--accent:#4f5ee0;--accent-text:#8f9bff;--warn-bg:#3a2a10;--warn:#ffc670;--warn-border:#6b4a12}}
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:var(--bg);color:var(--text)}
main{background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:32px;width:min(400px,calc(100vw - 32px));box-sizing:border-box}
main.centred{text-align:center;max-width:360px}
h1{font-size:20px;font-weight:600;margin:0 0 12px}p{color:var(--muted);font-size:14px;line-height:1.5;margin:0 0 16px}
a{color:var(--accent-text)}
button{font:inherit;font-weight:600;border-radius:6px;padding:12px 24px;min-height:44px;cursor:pointer;border:1px solid var(--border);background:var(--surface);color:var(--text)}
button.primary{background:var(--accent);border-color:var(--accent);color:var(--on-accent)}
button:focus-visible,a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;background:var(--warn-bg);color:var(--warn);border:1px solid var(--warn-border);border-radius:999px;padding:4px 10px;margin-bottom:16px}
.total{display:flex;justify-content:space-between;border-top:1px solid var(--border);padding-top:16px;margin:8px 0 24px;font-weight:600}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin-bottom:24px}.actions form{flex:1 1 140px}.actions button{width:100%;padding:12px}
h2{font-size:16px;font-weight:600;margin:0 0 8px}
.invoices{list-style:none;padding:0;margin:0 0 16px;font-size:14px}.invoices li{display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-top:1px solid var(--border)}`;

/** The CSP source that allows the pages' one inline style, and nothing else. */
export const SERVER_PAGE_STYLE_SOURCE = `'sha256-${createHash('sha256').update(styles).digest('base64')}'`;

/**
 * The app's icon, from the web build (apps/web/public). A page that names no icon makes the
 * browser ask for /favicon.ico, which the build has not: a 404 in the console (issue 28).
 */
export const APP_ICON_PATH = '/favicon.svg';

/** A whole page the server makes itself (magic-link confirmation, sandbox checkout). */
export function serverPage(input: { title: string; body: string; centred?: boolean }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><link rel="icon" type="image/svg+xml" href="${APP_ICON_PATH}"><title>${escapeHtml(input.title)} · Hustle</title>
<style>${styles}</style></head><body><main${input.centred ? ' class="centred"' : ''}>${input.body}</main></body></html>`;
}
