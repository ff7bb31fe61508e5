import { inlineStyleSource } from '../../plugins/security.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const styles = `body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f6f6f4;color:#1f1f1f}
main{background:#fff;border:1px solid #e6e6e3;border-radius:12px;padding:32px;max-width:360px;margin:16px;text-align:center}
h1{font-size:20px;font-weight:600;margin:0 0 12px}p{color:#5c5c5c;font-size:14px;line-height:1.5;margin:0 0 24px}
button{font:inherit;font-weight:600;background:#3366ff;color:#fff;border:0;border-radius:6px;padding:12px 24px;min-height:44px;cursor:pointer}
a{color:#3366ff}
@media (prefers-color-scheme:dark){body{background:#191919;color:#ececec}main{background:#232323;border-color:#333}p{color:#a8a8a8}a{color:#8f9bff}}`;

/** The CSP source the page's inline style needs. */
export const MAGIC_CONFIRM_STYLE = inlineStyleSource(styles);

/** The page a magic link opens; only its form's POST signs in (ARCHITECTURE §5). */
export function magicConfirmPage(input: { token: string; usable: boolean }): string {
  const body = input.usable
    ? `<h1>Sign in to Hustle</h1>
<p>Press the button to finish signing in on this device.</p>
<form method="post" action="/auth/magic/confirm">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<button type="submit" autofocus>Sign in</button>
</form>`
    : `<h1>This link cannot be used</h1>
<p>It has expired or was already used. Sign-in links work once, within 15 minutes.</p>
<p><a href="/magic-link">Send me a new link</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><title>Sign in · Hustle</title>
<style>${styles}</style></head><body><main>${body}</main></body></html>`;
}
