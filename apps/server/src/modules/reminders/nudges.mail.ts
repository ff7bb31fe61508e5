import type { ReminderPayload } from '@hustle/shared/reminders';
import type { MailMessage } from '../../lib/mailer.ts';
import { escapeHtml } from '../../lib/server-page.ts';
import type { NudgeKind } from './nudges.repository.ts';

/** What a daily nudge says (decision 084); the morning one counts what is planned, if anything. */
export function nudgePayload(kind: NudgeKind, planned: number): ReminderPayload {
  if (kind === 'finish-nudge') {
    return {
      title: 'Finish the day',
      body: 'Look back at what you did and close the day.',
      url: '/execute?finish',
      tag: 'finish-nudge',
    };
  }
  const body =
    planned === 0
      ? 'Nothing is planned for today yet. Choose what to work on.'
      : `${planned} ${planned === 1 ? 'task is' : 'tasks are'} planned for today. Look them over.`;
  return { title: 'Plan your day', body, url: '/plan', tag: 'plan-nudge' };
}

const FOOTER =
  'You get this e-mail because a daily nudge is on and no browser of yours takes Hustle’s ' +
  'notifications. You can turn it off under Account, Daily nudges.';

/** The nudge by e-mail, when no browser took it: the same words and a link to the same screen. */
export function nudgeMail(to: string, payload: ReminderPayload, appUrl: string): MailMessage {
  const link = `${appUrl}${payload.url}`;
  return {
    to,
    subject: payload.title,
    text: `${payload.title}\n\n${payload.body}\n\nOpen Hustle: ${link}\n\n${FOOTER}\n`,
    html: `<!doctype html>
<html><body style="margin:0;padding:32px 16px;background:#f6f6f4;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f1f1f">
<div style="max-width:440px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;border:1px solid #e6e6e3">
<div style="font-weight:600;font-size:20px;margin-bottom:24px">Hustle</div>
<p style="margin:0 0 8px;font-size:18px;font-weight:600">${escapeHtml(payload.title)}</p>
<p style="margin:0 0 24px;font-size:16px">${escapeHtml(payload.body)}</p>
<p style="margin:0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#3366ff;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">Open Hustle</a></p>
<p style="margin:32px 0 0;font-size:12px;color:#6b6b6b">${escapeHtml(FOOTER)}</p>
</div></body></html>`,
  };
}
