import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';
import type { TestApp } from '../../testing/test-app.ts';

const run = promisify(execFile);

/** A signed-in user with a token of the `calendar` scope, as a calendar app would be set up. */
export interface CalendarUser {
  api: ApiClient;
  email: string;
  secret: string;
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

/**
 * Runs a program no one here wrote (Debian's python3-caldav, vdirsyncer, todoman) without
 * holding the event loop, so the app it talks to keeps answering.
 */
export async function runClient(
  file: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  try {
    const { stdout } = await run(file, args, {
      encoding: 'utf8',
      env: { ...process.env, TZ: 'UTC', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', ...env },
      timeout: 60_000,
    });
    return stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${file} ${args.join(' ')} failed: ${failed.message}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`,
    );
  }
}

/**
 * vdirsyncer's config for syncing the user's lists from the server at `origin` into
 * `<dir>/lists/`, written to `<dir>/vdirsyncer`; answers its path. `conflict_resolution = "b wins"`
 * is the rule docs/api.md documents: when both sides changed a task, Hustle's wins.
 */
export function writeVdirsyncerConfig(
  dir: string,
  origin: string,
  user: CalendarUser,
  options: { hustleWins?: boolean } = {},
): string {
  const file = path.join(dir, 'vdirsyncer');
  writeFileSync(
    file,
    [
      '[general]',
      `status_path = "${dir}/status/"`,
      '[pair hustle]',
      'a = "hustle_local"',
      'b = "hustle_remote"',
      'collections = ["from b"]',
      ...(options.hustleWins ? ['conflict_resolution = "b wins"'] : []),
      '[storage hustle_local]',
      'type = "filesystem"',
      `path = "${dir}/lists/"`,
      'fileext = ".ics"',
      '[storage hustle_remote]',
      'type = "caldav"',
      `url = "${origin}/"`,
      `username = "${user.email}"`,
      `password = "${user.secret}"`,
      'item_types = ["VTODO"]',
      '',
    ].join('\n'),
  );
  return file;
}
