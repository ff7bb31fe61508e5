import { escapeHtml, serverPage } from '../../lib/server-page.ts';

/** The page a magic link opens; only its form's POST signs in (ARCHITECTURE §5). */
export function magicConfirmPage(input: { token: string; usable: boolean }): string {
  const body = input.usable
    ? `<h1>Sign in to Hustle</h1>
<p>Press the button to finish signing in on this device.</p>
<form method="post" action="/auth/magic/confirm">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<button type="submit" class="primary" autofocus>Sign in</button>
</form>`
    : `<h1>This link cannot be used</h1>
<p>It has expired or was already used. Sign-in links work once, within 15 minutes.</p>
<p><a href="/magic-link">Send me a new link</a></p>`;
  return serverPage({ title: 'Sign in', body, centred: true });
}
