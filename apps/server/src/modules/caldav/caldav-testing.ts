import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import type { CalendarLogin } from '../../testing/calendar-clients.ts';
import type { TestApp } from '../../testing/test-app.ts';

/** A signed-in user with a token of the `calendar` scope, as a calendar app would be set up. */
export interface CalendarUser extends CalendarLogin {
  api: ApiClient;
  /** `Authorization` for HTTP Basic: the e-mail and the token. */
  basic: string;
}

export async function calendarUser(t: TestApp, email: string): Promise<CalendarUser> {
  const api = await apiClientFor(t.app, email);
  const { secret } = await api.callOk('createToken', {
    body: { name: 'Calendar app', scopes: ['calendar'] },
  });
  const basic = `Basic ${Buffer.from(`${email}:${secret}`).toString('base64')}`;
  return { api, email, secret, basic };
}
