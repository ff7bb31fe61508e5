import type { MailMessage } from '../../lib/mailer.ts';
import { escapeHtml } from '../../lib/server-page.ts';

const layout = (
  body: string,
  footer = 'If you did not ask to sign in, you can ignore this e-mail.',
) => `<!doctype html>
<html><body style="margin:0;padding:32px 16px;background:#f6f6f4;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f1f1f">
<div style="max-width:440px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;border:1px solid #e6e6e3">
<div style="font-weight:600;font-size:20px;margin-bottom:24px">Hustle</div>
${body}
<p style="margin:32px 0 0;font-size:12px;color:#6b6b6b">${footer}</p>
</div></body></html>`;

export function loginCodeMail(to: string, code: string, validMinutes: number): MailMessage {
  return {
    to,
    subject: `Your Hustle login code: ${code}`,
    text: `Your Hustle login code is ${code}\n\nIt is valid for ${validMinutes} minutes.\n\nIf you did not ask to sign in, you can ignore this e-mail.\n`,
    html: layout(`<p style="margin:0 0 16px;font-size:16px">Your login code is</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:600;letter-spacing:8px;font-family:ui-monospace,Menlo,Consolas,monospace">${escapeHtml(code)}</p>
<p style="margin:0;font-size:14px;color:#6b6b6b">It is valid for ${validMinutes} minutes.</p>`),
  };
}

export function magicLinkMail(to: string, link: string, validMinutes: number): MailMessage {
  return {
    to,
    subject: 'Your Hustle sign-in link',
    text: `Sign in to Hustle by opening this link:\n\n${link}\n\nIt works once, within ${validMinutes} minutes.\n\nIf you did not ask to sign in, you can ignore this e-mail.\n`,
    html: layout(`<p style="margin:0 0 24px;font-size:16px">Press the button to sign in to Hustle.</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#3366ff;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">Sign in to Hustle</a></p>
<p style="margin:0;font-size:14px;color:#6b6b6b">The link works once, within ${validMinutes} minutes.</p>`),
  };
}

export function emailChangeCodeMail(to: string, code: string, validMinutes: number): MailMessage {
  return {
    to,
    subject: `Your Hustle code to change your address: ${code}`,
    text: `Enter this code in Hustle to sign in with this address from now on:\n\n${code}\n\nIt is valid for ${validMinutes} minutes.\n\nIf you did not ask for this, you can ignore this e-mail.\n`,
    html: layout(
      `<p style="margin:0 0 16px;font-size:16px">Enter this code in Hustle to sign in with this address from now on</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:600;letter-spacing:8px;font-family:ui-monospace,Menlo,Consolas,monospace">${escapeHtml(code)}</p>
<p style="margin:0;font-size:14px;color:#6b6b6b">It is valid for ${validMinutes} minutes.</p>`,
      'If you did not ask for this, you can ignore this e-mail.',
    ),
  };
}

export function emailChangedMail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your Hustle address was changed',
    text: `Your Hustle account now signs in with ${newEmail} instead of this address.\n\nIf you did not make this change, reply to this e-mail.\n`,
    html: layout(
      `<p style="margin:0 0 16px;font-size:16px">Your Hustle account now signs in with <strong>${escapeHtml(newEmail)}</strong> instead of this address.</p>`,
      'If you did not make this change, reply to this e-mail.',
    ),
  };
}
