import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Calendar programs no one here wrote, from Debian (issue 32): vdirsyncer and todoman, khal and
 * python3-caldav, set up in a folder of their own. The API tests drive them against the app in
 * the test process; the clients suite (tools/clients) against the production build.
 */

const run = promisify(execFile);

/** What a calendar app signs in with: the account's e-mail and a token of the `calendar` scope. */
export interface CalendarLogin {
  email: string;
  secret: string;
}

/**
 * Runs one of those programs without holding the event loop, so an app in this process keeps
 * answering it. UTC and a UTF-8 locale, so what it prints does not depend on the machine.
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
  login: CalendarLogin,
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
      `username = "${login.email}"`,
      `password = "${login.secret}"`,
      'item_types = ["VTODO"]',
      '',
    ].join('\n'),
  );
  return file;
}

/** What `todoman --porcelain list` prints of a task. */
export interface PorcelainTodo {
  id: number;
  summary: string;
  completed: boolean;
  list: string;
  due: number | null;
}

/**
 * vdirsyncer pulling the user's lists into `dir` and todoman reading and writing them there, as
 * a person using both would: `sync` runs discovery and a sync, `todo` todoman's porcelain output.
 */
export function vdirsyncerAndTodoman(dir: string, origin: string, login: CalendarLogin) {
  const config = writeVdirsyncerConfig(dir, origin, login, { hustleWins: true });
  const todomanConfig = path.join(dir, 'todoman.py');
  writeFileSync(
    todomanConfig,
    [
      `path = "${dir}/lists/*"`,
      `cache_path = "${dir}/todoman-cache.sqlite3"`,
      'date_format = "%Y-%m-%d"',
      'time_format = "%H:%M"',
      'default_list = "inbox"',
      'default_due = 0',
      '',
    ].join('\n'),
  );
  return {
    config,
    sync: async () => {
      await runClient('/bin/sh', ['-c', `yes | vdirsyncer -c "${config}" discover`]);
      return runClient('vdirsyncer', ['-c', config, 'sync']);
    },
    todo: async (...args: string[]): Promise<PorcelainTodo[]> =>
      JSON.parse(
        await runClient('todoman', ['--porcelain', '-c', todomanConfig, ...args]),
      ) as PorcelainTodo[],
    todoman: (...args: string[]) => runClient('todoman', ['-c', todomanConfig, ...args]),
  };
}

/**
 * python3-caldav discovering the task lists from an address alone (RFC 6764) and reading each:
 * argv is the address, the e-mail and the token; it prints each list's name with its tasks'
 * summaries, all and open ones.
 */
export const PYTHON_CALDAV_DISCOVER = `
import sys, json, caldav
client = caldav.DAVClient(url=sys.argv[1], username=sys.argv[2], password=sys.argv[3])
principal = client.principal()
out = []
for calendar in principal.calendars():
    todos = calendar.todos(include_completed=True)
    open_todos = calendar.todos()
    out.append({
        "name": calendar.name,
        "todos": sorted(str(t.vobject_instance.vtodo.summary.value) for t in todos),
        "open": sorted(str(t.vobject_instance.vtodo.summary.value) for t in open_todos),
    })
print(json.dumps(out))
`;

/**
 * khal importing a calendar feed into a store of its own in `dir` and listing the days it holds,
 * each line `<start day> <title>` (recurring entries expanded by khal's own rules).
 */
export async function khalImportAndList(
  dir: string,
  feed: string,
  range: { from: string; to: string },
): Promise<string[]> {
  const calendar = path.join(dir, 'calendar');
  mkdirSync(calendar, { recursive: true });
  const config = path.join(dir, 'khal');
  writeFileSync(path.join(dir, 'feed.ics'), feed);
  writeFileSync(
    config,
    [
      '[calendars]',
      '[[hustle]]',
      `path = ${calendar}`,
      'type = calendar',
      '[locale]',
      'timeformat = %H:%M',
      'dateformat = %Y-%m-%d',
      'longdateformat = %Y-%m-%d',
      'datetimeformat = %Y-%m-%d %H:%M',
      'longdatetimeformat = %Y-%m-%d %H:%M',
      'default_timezone = UTC',
      'local_timezone = UTC',
      '',
    ].join('\n'),
  );
  await runClient('khal', ['-c', config, 'import', '--batch', '-a', 'hustle', `${dir}/feed.ics`]);
  const listed = await runClient('khal', [
    ...['-c', config, 'list', '--format', '{start-date} {title}'],
    ...[range.from, range.to],
  ]);
  return listed.split('\n').filter((line) => /^\d{4}-/.test(line));
}
