import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, type WebhookEvent } from '@hustle/shared/webhooks';
import type { Db } from '../../db/database.ts';
import type { WebhookDeliveriesTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import type { ChangeFacts, CommittedChange } from '../workspaces/unit-of-work.ts';
import * as repo from './webhooks.repository.ts';

/** An event one workspace saw: its type and data, before it is addressed to endpoints. */
interface SeenEvent {
  workspaceId: string;
  type: WebhookEvent;
  data: Record<string, unknown>;
}

type TaskRow = Awaited<ReturnType<typeof repo.tasksByIds>>[number];
type ProjectRow = Awaited<ReturnType<typeof repo.projectsByIds>>[number];

const taskData = (task: TaskRow, plannedFor: string | null) => ({
  id: task.id,
  name: task.name,
  projectId: task.project_id,
  automationId: task.automation_id,
  deadline: task.deadline,
  plannedFor,
  completedAt: task.completed_at,
  createdAt: task.created_at,
  updatedAt: task.updated_at,
});

const projectData = (project: ProjectRow) => ({
  id: project.id,
  name: project.name,
  color: project.color,
  archivedAt: project.archived_at,
  createdAt: project.created_at,
  updatedAt: project.updated_at,
});

/** What a command did to a task or project, as it named it; any other change is an update. */
function eventType(entity: 'task' | 'project', id: string, facts: ChangeFacts): WebhookEvent {
  const named = `${entity}.${facts.get(`${entity}:${id}`) ?? 'updated'}`;
  return (WEBHOOK_EVENTS as readonly string[]).includes(named)
    ? (named as WebhookEvent)
    : `${entity}.updated`;
}

const idsOf = (changes: CommittedChange[], entities: string[], op: 'put' | 'delete') => [
  ...new Set(
    changes.filter((c) => entities.includes(c.entity) && c.op === op).map((c) => c.entity_id),
  ),
];

async function taskEvents(trx: Db, changes: CommittedChange[], facts: ChangeFacts) {
  const events: SeenEvent[] = [];
  // A task's own row, or only its place on a workspace's plan: either is a change to the task.
  const touched = changes.filter(
    (c) => (c.entity === 'task' || c.entity === 'planned') && c.op === 'put',
  );
  const deleted = new Set(idsOf(changes, ['task'], 'delete'));
  const ids = [...new Set(touched.map((c) => c.entity_id))].filter((id) => !deleted.has(id));
  if (ids.length > 0) {
    const workspaces = [...new Set(touched.map((c) => c.workspace_id))];
    const [tasks, planned] = await Promise.all([
      repo.tasksByIds(trx, ids),
      repo.plannedDays(trx, workspaces, ids),
    ]);
    const byId = new Map(tasks.map((task) => [task.id, task]));
    const dayOf = new Map(planned.map((row) => [`${row.workspace_id}:${row.task_id}`, row.day]));
    const seen = new Set<string>();
    for (const change of touched) {
      const task = byId.get(change.entity_id);
      const key = `${change.workspace_id}:${change.entity_id}`;
      if (!task || seen.has(key)) continue;
      seen.add(key);
      events.push({
        workspaceId: change.workspace_id,
        type: eventType('task', task.id, facts),
        data: taskData(task, dayOf.get(key) ?? null),
      });
    }
  }
  for (const change of changes) {
    if (change.entity === 'task' && change.op === 'delete') {
      events.push({
        workspaceId: change.workspace_id,
        type: 'task.deleted',
        data: { id: change.entity_id },
      });
    }
  }
  return events;
}

async function projectEvents(trx: Db, changes: CommittedChange[], facts: ChangeFacts) {
  const events: SeenEvent[] = [];
  const ids = idsOf(changes, ['project'], 'put');
  const projects = ids.length > 0 ? await repo.projectsByIds(trx, ids) : [];
  const byId = new Map(projects.map((project) => [project.id, project]));
  for (const change of changes) {
    if (change.entity !== 'project') continue;
    const { workspace_id: workspaceId, entity_id: id } = change;
    const project = byId.get(id);
    if (change.op === 'delete') events.push({ workspaceId, type: 'project.deleted', data: { id } });
    else if (project) {
      events.push({
        workspaceId,
        type: eventType('project', id, facts),
        data: projectData(project),
      });
    }
  }
  return events;
}

async function runEvents(trx: Db, changes: CommittedChange[], facts: ChangeFacts) {
  const taskIds = [...facts].filter(([key]) => key.startsWith('run:')).map(([key]) => key.slice(4));
  if (taskIds.length === 0) return [];
  const runs = await repo.runsByTasks(trx, taskIds);
  return changes.flatMap((change) =>
    change.entity === 'automation'
      ? runs
          .filter((run) => run.automation_id === change.entity_id)
          .map((run): SeenEvent => ({
            workspaceId: change.workspace_id,
            type: 'automation.run',
            data: {
              automationId: run.automation_id,
              name: run.name,
              period: run.period,
              taskId: run.task_id,
              taskName: run.task_name,
            },
          }))
      : [],
  );
}

/** The body sent: `{type, timestamp, data}`; data too large for the cap is cut to its id. */
export function payloadOf(type: WebhookEvent, timestamp: string, data: Record<string, unknown>) {
  const full = JSON.stringify({ type, timestamp, data });
  if (Buffer.byteLength(full) <= WEBHOOK_LIMITS.payloadBytes) return full;
  return JSON.stringify({ type, timestamp, data: { id: data.id ?? null, truncated: true } });
}

/**
 * The outbox (decision 071): in the transaction of the change, one delivery per event per
 * enabled endpoint of each workspace's owner that chose the event. A rollback takes them with it.
 */
export async function enqueueDeliveries(
  trx: Db,
  changes: CommittedChange[],
  now: string,
  watched: Set<string> | undefined,
  facts: ChangeFacts,
): Promise<void> {
  const relevant = changes.filter(
    (c) =>
      ['task', 'planned', 'project', 'automation'].includes(c.entity) &&
      (!watched || watched.has(c.workspace_id)),
  );
  if (relevant.length === 0) return;
  const endpoints = await repo.watchingEndpoints(trx, [
    ...new Set(relevant.map((c) => c.workspace_id)),
  ]);
  if (endpoints.length === 0) return;
  const inWatched = relevant.filter((c) =>
    endpoints.some((e) => e.workspace_id === c.workspace_id),
  );
  const events = [
    ...(await taskEvents(trx, inWatched, facts)),
    ...(await projectEvents(trx, inWatched, facts)),
    ...(await runEvents(trx, inWatched, facts)),
  ];
  const rows: WebhookDeliveriesTable[] = [];
  for (const event of events) {
    for (const endpoint of endpoints) {
      if (endpoint.workspace_id !== event.workspaceId) continue;
      if (!endpoint.events.split(' ').includes(event.type)) continue;
      rows.push({
        id: newId(),
        endpoint_id: endpoint.id,
        event_type: event.type,
        payload: payloadOf(event.type, now, event.data),
        created_at: now,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        lease_until: null,
        claim: null,
        last_attempt_at: null,
        status_code: null,
        duration_ms: null,
        error: null,
      });
    }
  }
  await repo.insertDeliveries(trx, rows);
}
