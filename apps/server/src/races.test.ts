import fc from 'fast-check';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysTo, todayIn } from '@hustle/shared/days';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { apiClientFor, type ApiClient } from './testing/api-client.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { testDialects } from './testing/test-databases.ts';

/** Fixed, so a failure reproduces; RACES_SEED explores further. */
const SEED = Number(process.env.RACES_SEED ?? 20_261_124);
const ROUNDS = 20;
const REQUESTS_PER_ROUND = 16;
const FREE_PROJECTS = 5;

type Actor = 'ada' | 'bea';
/** One request of a round; indexes pick among the tasks and projects as they are then. */
type Race =
  | { kind: 'action'; actor: Actor; task: number; action: 'plan' | 'idle' | 'complete' | 'revert' }
  | { kind: 'reorder'; actor: Actor; task: number; after: number }
  | { kind: 'toFront'; actor: Actor; task: number }
  | { kind: 'delete'; actor: Actor; task: number }
  | { kind: 'create'; actor: Actor; inShared: boolean; planned: boolean }
  | { kind: 'idleAll'; actor: Actor }
  /** Days (issue 29): plan for a day from today on, set or clear a deadline. */
  | { kind: 'planDay'; actor: Actor; task: number; inDays: number }
  | { kind: 'deadline'; actor: Actor; task: number; inDays: number | null }
  /** The day's end moves: another time zone, carry-over to the top or bottom, a limit or none. */
  | {
      kind: 'daySettings';
      actor: Actor;
      timeZone: string;
      carryOverTo: 'top' | 'bottom';
      backToInboxAfter: number | null;
      /** A daily nudge on or off (decision 084). */
      planNudgeAt: string | null;
    }
  /** Issue 30: set or clear a task's estimate. */
  | { kind: 'estimate'; actor: Actor; task: number; minutes: number | null }
  /** Issue 30 item 5: set a task's reminder (a past one is refused) or clear it. */
  | { kind: 'reminder'; actor: Actor; task: number; inMinutes: number | null }
  /** Time moves on (a day ends every third time), and a read carries over while commands run. */
  | { kind: 'clockMoves' }
  | { kind: 'read'; actor: Actor }
  | { kind: 'createProject'; who: 'bea' | 'cy' }
  | { kind: 'join'; project: number }
  | { kind: 'leave'; project: number }
  /** Undoes an earlier round's delete, move-all or leave (decision 025); picks may repeat. */
  | { kind: 'undo'; ticket: number }
  /** Issue 31: a task's checklist changed by both, and its notes. */
  | {
      kind: 'checklist';
      actor: Actor;
      task: number;
      op: 'add' | 'check' | 'rename' | 'move' | 'delete' | 'toTask';
      item: number;
      after: number;
    }
  | { kind: 'notes'; actor: Actor; task: number; text: string }
  /** Issue 31 items 4 and 5: a task moved to the inbox, the shared project or one of the actor's. */
  | { kind: 'moveHome'; actor: Actor; task: number; to: 'inbox' | 'shared' | 'own' }
  | { kind: 'orderInProject'; actor: Actor; task: number; after: number | null }
  /** Issue 30: the day finished, two tasks carried to tomorrow or back to the inbox. */
  | { kind: 'finishDay'; actor: Actor; task: number; toInbox: boolean; note: string }
  | {
      kind: 'focus';
      actor: Actor;
      task: number;
      op: 'start' | 'resume' | 'pause' | 'stop' | 'delete';
    };

const actor = fc.constantFrom<Actor>('ada', 'bea');
const index = fc.nat({ max: 1_000 });
const race: fc.Arbitrary<Race> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('action' as const),
      actor,
      task: index,
      action: fc.constantFrom(
        'plan' as const,
        'idle' as const,
        'complete' as const,
        'revert' as const,
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('reorder' as const),
      actor,
      task: index,
      after: index,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.record({ kind: fc.constant('toFront' as const), actor, task: index }),
      fc.record({ kind: fc.constant('delete' as const), actor, task: index }),
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      actor,
      inShared: fc.boolean(),
      planned: fc.boolean(),
    }),
  },
  fc.record({ kind: fc.constant('idleAll' as const), actor }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('planDay' as const),
      actor,
      task: index,
      // A day gone by plans for today; 0 moves a task back to today.
      inDays: fc.integer({ min: -2, max: 6 }),
    }),
  },
  fc.record({
    kind: fc.constant('daySettings' as const),
    actor,
    timeZone: fc.constantFrom('UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Warsaw'),
    carryOverTo: fc.constantFrom('top' as const, 'bottom' as const),
    backToInboxAfter: fc.constantFrom(null, 2, 3),
    planNudgeAt: fc.constantFrom(null, '07:30'),
  }),
  fc.record({
    kind: fc.constant('deadline' as const),
    actor,
    task: index,
    inDays: fc.option(fc.integer({ min: -3, max: 30 })),
  }),
  fc.record({
    kind: fc.constant('estimate' as const),
    actor,
    task: index,
    minutes: fc.option(fc.integer({ min: 5, max: 480 })),
  }),
  fc.record({
    kind: fc.constant('reminder' as const),
    actor,
    task: index,
    inMinutes: fc.option(fc.integer({ min: -30, max: 600 })),
  }),
  fc.record({ kind: fc.constant('clockMoves' as const) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('read' as const), actor }) },
  fc.record({
    kind: fc.constant('createProject' as const),
    who: fc.constantFrom('bea' as const, 'cy' as const),
  }),
  fc.record({ kind: fc.constant('join' as const), project: index }),
  fc.record({ kind: fc.constant('leave' as const), project: index }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const), ticket: index }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('checklist' as const),
      actor,
      task: fc.nat({ max: 2 }),
      op: fc.constantFrom(
        'add' as const,
        'add' as const,
        'check' as const,
        'rename' as const,
        'move' as const,
        'delete' as const,
        'toTask' as const,
      ),
      item: index,
      after: index,
    }),
  },
  fc.record({
    kind: fc.constant('notes' as const),
    actor,
    task: fc.nat({ max: 2 }),
    text: fc.constantFrom('', 'Buy **milk**', '- one\n- two'),
  }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('moveHome' as const),
      actor,
      task: index,
      to: fc.constantFrom('inbox' as const, 'shared' as const, 'own' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('focus' as const),
      actor,
      task: index,
      op: fc.constantFrom(
        'start' as const,
        'start' as const,
        'resume' as const,
        'pause' as const,
        'stop' as const,
        'delete' as const,
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('finishDay' as const),
      actor,
      task: index,
      toInbox: fc.boolean(),
      note: fc.constantFrom('', 'Start with the report'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('orderInProject' as const),
      actor,
      task: index,
      after: fc.option(index),
    }),
  },
);

/**
 * Mixed commands racing on one workspace and a project shared with a member, round after
 * round, against the invariants of ARCHITECTURE §7. On PostgreSQL the requests of a round
 * really run at once (the pool has several connections); on SQLite they interleave.
 */
describe.each(testDialects)('commands racing on a shared project (%s)', (dialect) => {
  let t: TestApp;
  let users: Record<'ada' | 'bea' | 'cy', ApiClient>;
  let sharedProjectId: string;
  /** Ada's projects Cy may join, with their invite tokens. */
  let joinable: { projectId: string; token: string }[];
  /** A project of each actor's own, where a move may take a shared task. */
  const ownProjects = {} as Record<Actor, string>;
  /** Undo tickets earlier rounds answered, with whose they are. */
  const tickets: { who: 'ada' | 'bea' | 'cy'; token: string }[] = [];

  async function makeFree(client: ApiClient) {
    await t.database.db
      .updateTable('subscriptions')
      .set({ plan: 'FREE', is_trial: 0, trial_end_date: null })
      .where('user_id', '=', client.userId)
      .execute();
  }

  async function shareProject(name: string) {
    const { projectId } = await users.ada.callOk('createProject', {
      body: { workspaceId: users.ada.workspaceId, name },
    });
    const { inviteLink } = await users.ada.callOk('getInviteLink', { params: { projectId } });
    return { projectId, token: inviteLink.replace('/invite/', '') };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    users = {
      ada: await apiClientFor(t.app, 'ada@example.com'),
      bea: await apiClientFor(t.app, 'bea@example.com'),
      cy: await apiClientFor(t.app, 'cy@example.com'),
    };
    const shared = await shareProject('Garden');
    sharedProjectId = shared.projectId;
    joinable = [await shareProject('Kitchen'), await shareProject('Attic')];
    await users.bea.callOk('joinInvite', { params: { inviteToken: shared.token } });
    // One project short of the Free limit each: creates and joins race for the last place.
    for (const who of ['bea', 'cy'] as const) {
      await makeFree(users[who]);
      const own = who === 'bea' ? FREE_PROJECTS - 2 : FREE_PROJECTS - 1;
      for (let i = 0; i < own; i++) {
        await users[who].callOk('createProject', {
          body: { workspaceId: users[who].workspaceId, name: `Own ${i}` },
        });
      }
    }
    ownProjects.ada = joinable[0]!.projectId;
    const beas = (await users.bea.workspace()) as WorkspaceResponse;
    ownProjects.bea = beas.projects.find((project) => project.name === 'Own 0')!.id;
    for (let i = 0; i < 6; i++) {
      await users.ada.callOk('createTask', {
        body: {
          workspaceId: users.ada.workspaceId,
          projectId: sharedProjectId,
          name: `Shared ${i}`,
          planned: i % 2 === 0,
        },
      });
      await users.ada.callOk('createTask', {
        body: { workspaceId: users.ada.workspaceId, name: `Inbox ${i}`, planned: true },
      });
    }
  });
  afterAll(() => t?.close());

  /** The tasks a round aims at: the shared project's and Ada's inbox. */
  async function targets() {
    const rows = await t.database.db
      .selectFrom('tasks')
      .select(['id', 'project_id'])
      .where((eb) =>
        eb.or([
          eb('project_id', '=', sharedProjectId),
          eb('workspace_id', '=', users.ada.workspaceId),
        ]),
      )
      .orderBy('id')
      .execute();
    const items = await t.database.db
      .selectFrom('checklist_items')
      .select(['id', 'task_id'])
      .where(
        'task_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      ...row,
      items: items.filter((item) => item.task_id === row.id).map((item) => item.id),
    }));
  }

  /**
   * A focus command by either user (issue 30): starts race for the one running timer, pauses and
   * stops end the entry the user's latest read showed, deletes take one of their ended entries.
   */
  async function sendFocus(
    me: ApiClient,
    one: Extract<Race, { kind: 'focus' }>,
    task: { id: string; project_id: string | null },
  ) {
    const workspaceId = me.workspaceId;
    const at = t.clock.now().toISOString();
    const entries = await t.database.db
      .selectFrom('time_entries')
      .select(['id', 'ended_at'])
      .where('workspace_id', '=', workspaceId)
      .orderBy('started_at', 'desc')
      .execute();
    const latest = entries[0];
    if (one.op === 'start' || one.op === 'resume' || !latest) {
      return me.call('startFocus', {
        body: {
          workspaceId,
          projectId: task.project_id,
          taskId: task.id,
          entryId: crypto.randomUUID(),
          at,
          resume: one.op === 'resume',
        },
      });
    }
    if (one.op === 'delete') {
      const ended = entries.find((entry) => entry.ended_at !== null) ?? latest;
      return me.call('deleteTimeEntry', { params: { id: ended.id }, body: { workspaceId } });
    }
    return me.call('endFocus', {
      body: { workspaceId, entryId: latest.id, at, pause: one.op === 'pause' },
    });
  }

  /** A checklist command on a shared task (the first few tasks), by either of its users. */
  function sendChecklist(
    me: ApiClient,
    one: Extract<Race, { kind: 'checklist' }>,
    task: { id: string; project_id: string | null; items: string[] },
  ) {
    const body = { workspaceId: me.workspaceId, projectId: task.project_id };
    const item = task.items[one.item % Math.max(task.items.length, 1)];
    if (one.op === 'add' || !item) {
      return me.call('addChecklistItem', {
        params: { id: task.id },
        body: { ...body, itemId: crypto.randomUUID(), name: 'Raced step' },
      });
    }
    const params = { id: task.id, itemId: item };
    switch (one.op) {
      case 'check':
        return me.call('updateChecklistItem', {
          params,
          body: { ...body, done: one.after % 2 === 0 },
        });
      case 'rename':
        return me.call('updateChecklistItem', {
          params,
          body: { ...body, name: `Step ${one.after}` },
        });
      case 'move': {
        const after = task.items[one.after % task.items.length]!;
        return me.call('moveChecklistItem', {
          params,
          body: { ...body, afterItemId: after === item ? null : after },
        });
      }
      case 'delete':
        return me.call('deleteChecklistItem', { params, body });
      case 'toTask':
        return me.call('checklistItemToTask', {
          params,
          body: { ...body, taskId: crypto.randomUUID() },
        });
    }
  }

  function send(
    one: Race,
    tasks: { id: string; project_id: string | null; items: string[] }[],
  ): Promise<LightMyRequestResponse> {
    const pick = (i: number) => tasks[i % Math.max(tasks.length, 1)];
    if (one.kind === 'undo') {
      const ticket = tickets[one.ticket % Math.max(tickets.length, 1)];
      // Nothing to undo yet: a read, which answers no ticket of its own.
      if (!ticket) return users.ada.call('getWorkspaceVersion');
      return users[ticket.who].call('undo', { params: { token: ticket.token } });
    }
    if (one.kind === 'createProject') {
      const who = users[one.who];
      return who.call('createProject', { body: { workspaceId: who.workspaceId, name: 'Late' } });
    }
    if (one.kind === 'join' || one.kind === 'leave') {
      const { projectId, token } = joinable[one.project % joinable.length]!;
      return one.kind === 'join'
        ? users.cy.call('joinInvite', { params: { inviteToken: token } })
        : users.cy.call('leaveProject', {
            params: { projectId },
            body: { workspaceId: users.cy.workspaceId },
          });
    }
    if (one.kind === 'clockMoves') {
      t.clock.advance(8 * 60 * 60 * 1000);
      return users.ada.call('getWorkspaceVersion');
    }
    const me = users[one.actor];
    const workspaceId = me.workspaceId;
    if (one.kind === 'read') return me.call('getWorkspace', { params: { id: workspaceId } });
    if (one.kind === 'idleAll') return me.call('idleAllPlannedTasks', { body: { workspaceId } });
    if (one.kind === 'daySettings') {
      const { timeZone, carryOverTo, backToInboxAfter, planNudgeAt } = one;
      return me.call('updateDaySettings', {
        body: { workspaceId, timeZone, carryOverTo, backToInboxAfter, planNudgeAt },
      });
    }
    if (one.kind === 'create') {
      return me.call('createTask', {
        body: {
          workspaceId,
          projectId: one.inShared ? sharedProjectId : null,
          name: 'Raced',
          planned: one.planned,
        },
      });
    }
    const task = pick(one.task);
    if (!task) return me.call('idleAllPlannedTasks', { body: { workspaceId } });
    if (one.kind === 'checklist') return sendChecklist(me, one, task);
    if (one.kind === 'focus') return sendFocus(me, one, task);
    if (one.kind === 'finishDay') {
      // Yesterday in UTC has come in every zone the actors move to.
      const today = todayIn(t.clock.now(), 'UTC');
      const picked = [...new Set([task.id, pick(one.task + 1)!.id])];
      return me.call('finishDay', {
        body: {
          workspaceId,
          day: addDaysTo(today, -1),
          note: one.note,
          moves: picked.map((taskId, at) => ({
            taskId,
            to: one.toInbox && at === 0 ? null : addDaysTo(today, 1),
          })),
        },
      });
    }
    if (one.kind === 'moveHome') {
      const toProjectId =
        one.to === 'inbox' ? null : one.to === 'shared' ? sharedProjectId : ownProjects[one.actor];
      return me.call('moveTaskToProject', {
        params: { id: task.id },
        body: { workspaceId, projectId: task.project_id, toProjectId },
      });
    }
    if (one.kind === 'orderInProject') {
      const inShared = tasks.filter((other) => other.project_id === sharedProjectId);
      const after = one.after === null ? null : inShared[one.after % Math.max(inShared.length, 1)];
      return me.call('reorderProjectTask', {
        params: { id: task.id },
        body: {
          workspaceId,
          projectId: task.project_id ?? sharedProjectId,
          afterTaskId: after && after.id !== task.id ? after.id : null,
        },
      });
    }
    const params = { id: task.id };
    const command = { workspaceId, projectId: task.project_id, origin: 'workspace' as const };
    switch (one.kind) {
      case 'action':
        return me.call('taskAction', { params: { ...params, action: one.action }, body: command });
      case 'delete':
        return me.call('deleteTask', { params, body: command });
      case 'toFront':
        return me.call('putTaskToFront', { params, body: { workspaceId } });
      case 'reorder':
        return me.call('reorderPlannedTask', {
          params,
          body: { workspaceId, afterTaskId: pick(one.after)!.id },
        });
      case 'planDay':
        return me.call('planTaskForDay', {
          params,
          body: { ...command, day: addDaysTo(todayIn(t.clock.now(), 'UTC'), one.inDays) },
        });
      case 'notes':
        return me.call('setTaskNotes', {
          params,
          body: { workspaceId, projectId: task.project_id, notes: one.text },
        });
      case 'deadline': {
        const { inDays } = one;
        const deadline = inDays === null ? null : addDaysTo(todayIn(t.clock.now(), 'UTC'), inDays);
        return me.call('setTaskDeadline', {
          params,
          body: { workspaceId, projectId: task.project_id, deadline },
        });
      }
      case 'estimate':
        return me.call('setTaskEstimate', {
          params,
          body: { workspaceId, projectId: task.project_id, estimate: one.minutes },
        });
      case 'reminder': {
        const { inMinutes } = one;
        const remindAt =
          inMinutes === null
            ? null
            : new Date(t.clock.now().getTime() + inMinutes * 60_000).toISOString();
        return me.call('setTaskReminder', {
          params,
          body: { workspaceId, projectId: task.project_id, remindAt },
        });
      }
    }
  }

  /**
   * Days (issue 29): each task in one place — on the planned list with a day, or off it with
   * none — and each day's tasks in the order and number the stored rows give them.
   */
  function checkDays(
    where: string,
    answer: WorkspaceResponse,
    shown: Map<string, WorkspaceResponse['tasks'][number]>,
    planned: { task_id: string; day: string }[],
  ) {
    const onList = new Set(answer.plannedTasks);
    for (const task of shown.values()) {
      const place = `${where}, ${task.name} ${task.id}`;
      expect(task.plannedFor !== null, place).toBe(onList.has(task.id));
      // A completed task keeps its place on the list (done today); an open one is planned there.
      if (task.completedAt === null) {
        expect([task.planned, task.state === 'PLANNED'], place).toEqual([
          onList.has(task.id),
          onList.has(task.id),
        ]);
      }
    }
    for (const id of answer.plannedTasks) expect(shown.has(id), `${where}, ${id}`).toBe(true);
    for (const day of new Set(planned.map((row) => row.day))) {
      const stored = planned.filter((row) => row.day === day).map((row) => row.task_id);
      const listed = answer.plannedTasks.filter((id) => shown.get(id)?.plannedFor === day);
      expect(listed, `${where}, ${day}`).toEqual(stored);
    }
    const days = answer.plannedTasks.map((id) => shown.get(id)!.plannedFor);
    expect(days.length, where).toBe(planned.length);
  }

  /** The invariants every round must leave standing, per workspace. */
  async function checkInvariants(previousVersions: Map<string, number>) {
    const db = t.database.db;
    for (const [name, client] of Object.entries(users)) {
      const ws = await client.workspace();
      const where = `${name}'s workspace`;
      const planned = await db
        .selectFrom('planned_tasks')
        .select(['task_id', 'position', 'day', 'carried'])
        .where('workspace_id', '=', client.workspaceId)
        .orderBy('position')
        .execute();
      // Read after the workspace answer carried over: every row has a day, none open is late
      // (where the user now is), and the answer shows each task's day as stored.
      const today = todayIn(t.clock.now(), (ws as WorkspaceResponse).days.timeZone);
      const late = await db
        .selectFrom('planned_tasks as p')
        .innerJoin('tasks as t', 't.id', 'p.task_id')
        .select('p.task_id')
        .where('p.workspace_id', '=', client.workspaceId)
        .where('t.completed_at', 'is', null)
        .where('p.day', '<', today)
        .execute();
      expect(late, where).toEqual([]);
      const answer = ws as WorkspaceResponse;
      const shown = new Map(
        [
          ...answer.tasks,
          ...answer.automations,
          ...answer.projects.flatMap((project) => project.tasks),
        ].map((task) => [task.id, task]),
      );
      for (const row of planned) {
        expect(row.day, where).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const task = shown.get(row.task_id);
        if (task)
          expect([task.plannedFor, task.carriedOver], where).toEqual([
            row.day,
            Number(row.carried),
          ]);
      }
      checkDays(where, answer, shown, planned);
      // The planned list is a set, in one total order, and is what the API shows.
      expect(new Set(ws.plannedTasks).size, where).toBe(ws.plannedTasks.length);
      expect(new Set(planned.map((row) => row.position)).size, where).toBe(planned.length);
      expect(ws.plannedTasks, where).toEqual(planned.map((row) => row.task_id));
      // Of tasks that exist and that the workspace can see: its inbox or a project it has.
      const visible = await sql<{ n: number }>`
        select count(*) as n from planned_tasks p join tasks t on t.id = p.task_id
        where p.workspace_id = ${client.workspaceId}
          and (t.workspace_id = ${client.workspaceId} or t.project_id in (
            select project_id from workspace_projects where workspace_id = ${client.workspaceId}))
      `.execute(db);
      expect(Number(visible.rows[0]?.n), where).toBe(planned.length);
      // Each list of tasks is in one total order: no two tasks of a project share a key.
      for (const project of ws.projects) {
        const keys = await db
          .selectFrom('tasks')
          .select('position')
          .where('project_id', '=', project.id)
          .execute();
        expect(new Set(keys.map((row) => row.position)).size, `${where}, ${project.name}`).toBe(
          keys.length,
        );
      }
      // Project cards count what the tasks table holds: all open tasks, the reader's completions.
      for (const project of ws.projects) {
        const counts = await db
          .selectFrom('tasks')
          .select((eb) => [
            eb.fn.countAll<number>().as('all'),
            eb.fn.count<number>('completed_at').as('completed'),
            eb.fn
              .sum<number>(
                eb.case().when('completed_by', '=', client.workspaceId).then(1).else(0).end(),
              )
              .as('mine'),
          ])
          .where('project_id', '=', project.id)
          .executeTakeFirstOrThrow();
        const completed = Number(counts.completed);
        expect(project.openTasksCount, `${where}, ${project.name}`).toBe(
          Number(counts.all) - completed,
        );
        if (project.completedTasksCount !== null)
          expect(project.completedTasksCount).toBe(Number(counts.mine ?? 0));
      }
      // A row's notes mark and checklist progress are the items and notes as stored (issue 31).
      const marks = await db
        .selectFrom('tasks as t')
        .select((eb) => [
          't.id',
          't.notes',
          't.has_notes',
          't.checklist_total',
          't.checklist_done',
          eb
            .selectFrom('checklist_items as c')
            .select((c) => c.fn.countAll<number>().as('n'))
            .whereRef('c.task_id', '=', 't.id')
            .as('items'),
          eb
            .selectFrom('checklist_items as c')
            .select((c) => c.fn.count<number>('c.done_at').as('n'))
            .whereRef('c.task_id', '=', 't.id')
            .as('done'),
          eb
            .selectFrom('checklist_items as c')
            .select((c) => c.fn.count<number>('c.position').distinct().as('n'))
            .whereRef('c.task_id', '=', 't.id')
            .as('places'),
        ])
        .where('t.id', 'in', [...shown.keys(), ''])
        .execute();
      for (const row of marks) {
        const task = shown.get(row.id)!;
        const items = Number(row.items);
        expect([Number(row.checklist_total), Number(row.checklist_done)], where).toEqual([
          items,
          Number(row.done),
        ]);
        expect(Number(row.places), where).toBe(items);
        expect(items, where).toBeLessThanOrEqual(100);
        expect(Number(row.has_notes), where).toBe(row.notes?.trim() ? 1 : 0);
        expect(task.checklist, where).toEqual({ done: Number(row.done), total: items });
      }
      // One running timer per user, entries that never overlap, and each task's time the sum of
      // its ended entries (issue 30); the workspace answer shows the running one.
      const entries = await db
        .selectFrom('time_entries')
        .selectAll()
        .where('workspace_id', '=', client.workspaceId)
        .execute();
      // In time order; of two that start at once, the one of no length first (a start ended it).
      const order = (entry: (typeof entries)[number]) =>
        `${entry.started_at} ${entry.ended_at ?? '~'}`;
      entries.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
      const running = entries.filter((entry) => entry.ended_at === null);
      expect(running.length, where).toBeLessThanOrEqual(1);
      expect(answer.focus?.startedAt ?? null, where).toBe(running[0]?.started_at ?? null);
      for (const [at, entry] of entries.entries()) {
        const next = entries[at + 1];
        if (next) expect(entry.ended_at, where).not.toBeNull();
        if (next)
          expect(Date.parse(entry.ended_at!), where).toBeLessThanOrEqual(
            Date.parse(next.started_at),
          );
      }
      const offTime = await sql<{ n: number }>`
        select count(*) as n from tasks t where t.actual_seconds <>
          (select coalesce(sum(e.seconds), 0) from time_entries e where e.task_id = t.id)`.execute(
        db,
      );
      expect(Number(offTime.rows[0]?.n), where).toBe(0);
      if (name !== 'ada') expect(ws.projects.length, where).toBeLessThanOrEqual(FREE_PROJECTS);
      // Versions only go forward, and none of the change log is ahead of its workspace.
      const { version } = await db
        .selectFrom('workspaces')
        .select('version')
        .where('id', '=', client.workspaceId)
        .executeTakeFirstOrThrow();
      const logged = await db
        .selectFrom('change_log')
        .select((eb) => eb.fn.max<number>('version').as('last'))
        .where('workspace_id', '=', client.workspaceId)
        .executeTakeFirstOrThrow();
      expect(Number(ws.version), where).toBe(Number(version));
      expect(Number(logged.last ?? 0), where).toBeLessThanOrEqual(Number(version));
      // One version per command that changed the workspace: every step since the last round
      // has its change rows, so no command bumped twice or skipped a number.
      const since = previousVersions.get(name) ?? 0;
      const steps = await db
        .selectFrom('change_log')
        .select('version')
        .distinct()
        .where('workspace_id', '=', client.workspaceId)
        .where('version', '>', since)
        .execute();
      expect(steps.length, where).toBe(Number(version) - since);
      expect(Number(version), where).toBeGreaterThanOrEqual(previousVersions.get(name) ?? 0);
      previousVersions.set(name, Number(version));
    }
  }

  it(`keeps the invariants through ${ROUNDS} rounds of ${REQUESTS_PER_ROUND} parallel commands`, async () => {
    const rounds = fc.sample(
      fc.array(race, { minLength: REQUESTS_PER_ROUND, maxLength: REQUESTS_PER_ROUND }),
      {
        seed: SEED,
        numRuns: ROUNDS,
      },
    );
    const statuses = new Map<number, number>();
    const undoStatuses = new Map<number, number>();
    // Each workspace's version before the first round: what setting up left is not checked.
    const versions = new Map<string, number>();
    for (const [name, client] of Object.entries(users)) {
      versions.set(name, Number((await client.workspace()).version));
    }
    for (const [round, races] of rounds.entries()) {
      const tasks = await targets();
      const answers = await Promise.all(races.map((one) => send(one, tasks)));
      for (const [i, res] of answers.entries()) {
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const one = races[i]!;
        if (one.kind === 'undo') {
          undoStatuses.set(res.statusCode, (undoStatuses.get(res.statusCode) ?? 0) + 1);
        }
        const token =
          res.statusCode === 200 ? res.json<{ undo?: { token: string } }>().undo?.token : undefined;
        if (token) {
          tickets.push({ who: 'actor' in one ? one.actor : 'cy', token });
        }
        expect(
          res.statusCode,
          `round ${round}, ${JSON.stringify(races[i])}: ${res.body}`,
        ).toBeLessThan(500);
      }
      await checkInvariants(versions);
    }
    const byStatus = [...statuses].sort(([a], [b]) => a - b);
    console.log(
      `[races ${dialect}] seed ${SEED}: ${ROUNDS} rounds × ${REQUESTS_PER_ROUND} parallel commands = ` +
        `${ROUNDS * REQUESTS_PER_ROUND}; by status ${byStatus.map(([s, n]) => `${s}×${n}`).join(' ')}; ` +
        `final versions ${[...versions].map(([who, v]) => `${who} ${v}`).join(', ')}; ` +
        `undo answers ${[...undoStatuses].map(([s, n]) => `${s}×${n}`).join(' ')}`,
    );
    expect(statuses.get(200)).toBeGreaterThan(ROUNDS * REQUESTS_PER_ROUND * 0.3);
  }, 120_000);
});
