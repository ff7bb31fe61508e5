import { callOk } from './http.ts';
import type { Cluster } from './cluster.ts';
import { viaNginx, type User } from './users.ts';

/**
 * A day of the month that is not due today, so creating the automation makes no task yet: the
 * 28th before it, the 1st (next month's run) from it on.
 */
const dayNotDueToday = () => (new Date().getUTCDate() < 28 ? 28 : 1);

export async function createAutomations(
  cluster: Cluster,
  users: User[],
  perUser: number,
  label: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (const user of users) {
    for (let i = 0; i < perUser; i++) {
      const automation = await callOk(
        viaNginx(cluster, user),
        'createAutomation',
        {
          body: {
            workspaceId: user.workspaceId,
            day: dayNotDueToday(),
            actions: [{ type: 'TASK', payload: { taskName: `${label} ${i + 1}` } }],
          },
        },
        user.token,
      );
      ids.push(automation.id);
    }
  }
  return ids;
}

/**
 * The servers' clocks cannot be moved, so the automations move instead: made (and scheduled from)
 * 40 days ago for
 * the 1st, their run for this month is due now and was never made, as after a month in which
 * no scheduler ran.
 */
export async function makeDue(cluster: Cluster, ids: string[]): Promise<void> {
  const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
  await cluster.query(
    'update automations set day_of_month = 1, created_at = $2, scheduled_from = $2 where id = any($1)',
    [ids, fortyDaysAgo],
  );
}

/** How many runs and how many tasks each automation has: [runs, tasks] by automation id. */
export async function firings(cluster: Cluster, ids: string[]): Promise<Map<string, number[]>> {
  const runs = await cluster.query<{ id: string; count: string }>(
    'select automation_id as id, count(*) from automation_runs where automation_id = any($1) group by automation_id',
    [ids],
  );
  const tasks = await cluster.query<{ id: string; count: string }>(
    'select automation_id as id, count(*) from tasks where automation_id = any($1) group by automation_id',
    [ids],
  );
  const countIn = (rows: { id: string; count: string }[], id: string) =>
    Number(rows.find((row) => row.id === id)?.count ?? 0);
  return new Map(ids.map((id) => [id, [countIn(runs, id), countIn(tasks, id)]]));
}
