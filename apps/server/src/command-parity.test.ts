import {
  applyAnswer,
  applyCommand,
  commands,
  parseCommand,
  requestOf,
  slicesOf,
  type Command,
  type CommandKind,
  type LocalSlices,
  type SliceName,
} from '@hustle/shared/commands/commands';
import type { ProjectMember } from '@hustle/shared/invites';
import type { Task } from '@hustle/shared/tasks';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientFor, type ApiClient } from './testing/api-client.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { testDialects } from './testing/test-databases.ts';

/**
 * ARCHITECTURE §8: every command of the shared table, run on the server, leaves the copies a
 * browser keeps exactly as the table's `apply` (and, once it comes, its answer) says: the state
 * before, changed locally, equals the state the server answers after.
 */

/** A small world each case acts in: projects, inbox tasks in every state, automations. */
interface World {
  ada: ApiClient;
  /** Ada's member in her shared project. */
  bea: ApiClient;
  home: string;
  work: string;
  archived: string;
  shared: string;
  tasks: {
    homePlanned: string;
    homeIdle: string;
    inboxPlanned: string;
    inboxIdle: string;
    inboxDone: string;
    sharedPlanned: string;
  };
  monthly: string;
  daily: string;
  now: string;
  /** Ids for checklist items a case's `before` adds (issue 31). */
  items: [string, string, string];
}

interface Case {
  name: string;
  /** Whose copies the command changes and who sends it. */
  actor?: 'ada' | 'bea';
  command: (world: World) => Command;
  /** Something done first through the API, so the command has something to act on. */
  before?: (world: World) => Promise<void>;
}

const id = () => crypto.randomUUID();

/** Adds the world's first `count` checklist items to Ada's home task, the first checked. */
const withItems =
  (count: number, options: { checkFirst?: boolean } = {}) =>
  async (w: World) => {
    const on = { params: { id: w.tasks.homeIdle } };
    const body = { workspaceId: w.ada.workspaceId, projectId: w.home };
    for (const [at, itemId] of w.items.slice(0, count).entries()) {
      await w.ada.callOk('addChecklistItem', {
        ...on,
        body: { ...body, itemId, name: `Step ${at + 1}` },
      });
    }
    if (options.checkFirst) {
      await w.ada.callOk('updateChecklistItem', {
        params: { id: w.tasks.homeIdle, itemId: w.items[0] },
        body: { ...body, done: true },
      });
    }
  };

/** Notes and checklists (issue 31), on Ada's idle home task. */
const DETAILS_CASES: Case[] = [
  ...['Call **Ann** first\n\n- [plan](https://example.com)', '  '].map((notes): Case => ({
    name: notes.trim() ? 'write notes' : 'clear notes to blanks',
    before: notes.trim()
      ? undefined
      : async (w) => {
          await w.ada.callOk('setTaskNotes', {
            params: { id: w.tasks.homeIdle },
            body: { workspaceId: w.ada.workspaceId, projectId: w.home, notes: 'Old' },
          });
        },
    command: (w) => ({ kind: 'setTaskNotes', taskId: w.tasks.homeIdle, projectId: w.home, notes }),
  })),
  {
    name: 'add a checklist item',
    before: withItems(1, { checkFirst: true }),
    command: (w) => ({
      kind: 'addChecklistItem',
      taskId: w.tasks.homeIdle,
      projectId: w.home,
      itemId: w.items[1],
      name: ' Buy paint ',
      progress: { done: 1, total: 2 },
    }),
  },
  {
    name: 'check a checklist item',
    before: withItems(2),
    command: (w) => ({
      kind: 'updateChecklistItem',
      taskId: w.tasks.homeIdle,
      projectId: w.home,
      itemId: w.items[1],
      done: true,
      progress: { done: 1, total: 2 },
    }),
  },
  {
    name: 'rename and uncheck a checklist item',
    before: withItems(2, { checkFirst: true }),
    command: (w) => ({
      kind: 'updateChecklistItem',
      taskId: w.tasks.homeIdle,
      projectId: w.home,
      itemId: w.items[0],
      name: 'Sand first',
      done: false,
      progress: { done: 0, total: 2 },
    }),
  },
  ...[true, false].map((isFirst): Case => ({
    name: isFirst ? 'move a checklist item first' : 'move a checklist item after another',
    before: withItems(3),
    command: (w) => ({
      kind: 'moveChecklistItem',
      taskId: w.tasks.homeIdle,
      projectId: w.home,
      itemId: isFirst ? w.items[2] : w.items[0],
      afterItemId: isFirst ? null : w.items[1],
    }),
  })),
  {
    name: 'delete a checklist item',
    before: withItems(2, { checkFirst: true }),
    command: (w) => ({
      kind: 'deleteChecklistItem',
      taskId: w.tasks.homeIdle,
      projectId: w.home,
      itemId: w.items[0],
      progress: { done: 0, total: 1 },
    }),
  },
  {
    name: 'turn a checklist item into a task',
    before: withItems(2),
    command: (w) => ({
      kind: 'checklistItemToTask',
      taskId: w.tasks.homeIdle,
      projectId: w.home,
      itemId: w.items[1],
      newTaskId: id(),
      name: 'Step 2',
      progress: { done: 0, total: 1 },
      at: w.now,
    }),
  },
];

/** An instant `minutes` before the world's now. */
const ago = (w: World, minutes: number) =>
  new Date(Date.parse(w.now) - minutes * 60_000).toISOString();

/** Starts Ada's timer on her idle home task `minutes` ago with `entryId`. */
const focusing = (entryId: string, minutes: number) => async (w: World) => {
  await w.ada.callOk('startFocus', {
    body: {
      workspaceId: w.ada.workspaceId,
      projectId: w.home,
      taskId: w.tasks.homeIdle,
      entryId,
      at: ago(w, minutes),
      resume: false,
    },
  });
};

const ending = (entryId: string, minutes: number, pause: boolean) => async (w: World) => {
  await w.ada.callOk('endFocus', {
    body: { workspaceId: w.ada.workspaceId, entryId, at: ago(w, minutes), pause },
  });
};

/** Focus on a task and its time entries (issue 30, decision 076). */
const FOCUS_CASES: Case[] = (() => {
  const [e1, e2, e3, e4, e5, e6, e7, e8, e9] = Array.from({ length: 9 }, id) as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const onHome = (w: World) => ({ taskId: w.tasks.homeIdle, projectId: w.home });
  const cases: Case[] = [
    {
      name: 'start focus on a task',
      command: (w) => ({ kind: 'startFocus', ...onHome(w), entryId: e1, at: w.now }),
    },
    {
      name: 'start focus on another task while one runs',
      before: focusing(e2, 10),
      command: (w) => ({
        kind: 'startFocus',
        taskId: w.tasks.inboxIdle,
        projectId: null,
        entryId: id(),
        at: w.now,
      }),
    },
    {
      name: 'start focus again on the task that runs',
      before: focusing(e3, 10),
      command: (w) => ({ kind: 'startFocus', ...onHome(w), entryId: id(), at: w.now }),
    },
    {
      name: 'pause focus',
      before: focusing(e4, 25),
      command: (w) => ({ kind: 'pauseFocus', entryId: e4, at: ago(w, 1) }),
    },
    {
      name: 'resume a paused focus',
      before: async (w) => {
        await focusing(e5, 30)(w);
        await ending(e5, 20, true)(w);
      },
      command: (w) => ({ kind: 'resumeFocus', ...onHome(w), entryId: id(), at: ago(w, 5) }),
    },
    {
      name: 'stop a running focus',
      before: focusing(e6, 15),
      command: (w) => ({ kind: 'stopFocus', entryId: e6, at: w.now }),
    },
    {
      name: 'stop a paused focus',
      before: async (w) => {
        await focusing(e7, 30)(w);
        await ending(e7, 20, true)(w);
      },
      command: (w) => ({ kind: 'stopFocus', entryId: e7, at: w.now }),
    },
    {
      name: 'delete a time entry',
      before: async (w) => {
        await focusing(e8, 60)(w);
        await ending(e8, 50, false)(w);
        await focusing(e9, 30)(w);
        await ending(e9, 25, false)(w);
      },
      command: (w) => ({
        kind: 'deleteTimeEntry',
        entryId: e8,
        taskId: w.tasks.homeIdle,
        actualSeconds: 300,
      }),
    },
  ];
  return cases;
})();

const finishing = (day: string, note: string) => async (w: World) => {
  await w.ada.callOk('finishDay', {
    body: { workspaceId: w.ada.workspaceId, day, note, moves: [] },
  });
};

/** Finishing the day (issue 30 item 3, decision 077); the world's today is 2026-11-22. */
const FINISH_CASES: Case[] = [
  {
    name: 'finish the day carrying tasks to tomorrow, another day and the inbox',
    command: (w) => ({
      kind: 'finishDay',
      day: '2026-11-22',
      note: '  Start with the tap  ',
      moves: [
        { taskId: w.tasks.homePlanned, to: '2026-11-23' },
        { taskId: w.tasks.inboxPlanned, to: null },
        { taskId: w.tasks.inboxIdle, to: '2026-11-26' },
        { taskId: w.tasks.inboxDone, to: '2026-11-23' },
      ],
      at: w.now,
    }),
  },
  {
    name: 'finish the day again, replacing its note',
    before: finishing('2026-11-22', 'First thought'),
    command: (w) => ({ kind: 'finishDay', day: '2026-11-22', note: '', moves: [], at: w.now }),
  },
  {
    name: 'finish a day gone by after a newer one',
    before: finishing('2026-11-22', 'Newest'),
    command: (w) => ({
      kind: 'finishDay',
      day: '2026-11-20',
      note: 'Older',
      moves: [{ taskId: w.tasks.homePlanned, to: '2026-11-21' }],
      at: w.now,
    }),
  },
];

/** A task's home and its place there (issue 31 items 4 and 5, decision 072). */
const MOVE_CASES: Case[] = [
  {
    name: 'move a planned project task to the inbox',
    command: (w) => ({
      kind: 'moveTaskToProject',
      taskId: w.tasks.homePlanned,
      projectId: w.home,
      toProjectId: null,
    }),
  },
  {
    name: 'move an idle inbox task into the shared project',
    command: (w) => ({
      kind: 'moveTaskToProject',
      taskId: w.tasks.inboxIdle,
      projectId: null,
      toProjectId: w.shared,
    }),
  },
  {
    name: 'move a completed inbox task into a project',
    command: (w) => ({
      kind: 'moveTaskToProject',
      taskId: w.tasks.inboxDone,
      projectId: null,
      toProjectId: w.work,
    }),
  },
  {
    name: 'move a shared task out, as its member, to her inbox',
    actor: 'bea',
    command: (w) => ({
      kind: 'moveTaskToProject',
      taskId: w.tasks.sharedPlanned,
      projectId: w.shared,
      toProjectId: null,
    }),
  },
  {
    name: 'put a project task first',
    command: (w) => ({
      kind: 'reorderProjectTask',
      taskId: w.tasks.homeIdle,
      projectId: w.home,
      afterTaskId: null,
    }),
  },
  {
    name: 'put a project task after another',
    before: async (w) => {
      await w.ada.callOk('reorderProjectTask', {
        params: { id: w.tasks.homeIdle },
        body: { workspaceId: w.ada.workspaceId, projectId: w.home, afterTaskId: null },
      });
    },
    command: (w) => ({
      kind: 'reorderProjectTask',
      taskId: w.tasks.homeIdle,
      projectId: w.home,
      afterTaskId: w.tasks.homePlanned,
    }),
  },
];

const CASES: Case[] = [
  ...DETAILS_CASES,
  ...MOVE_CASES,
  ...FOCUS_CASES,
  ...FINISH_CASES,
  {
    name: 'create a planned inbox task',
    command: (w) => ({
      kind: 'createTask',
      taskId: id(),
      name: 'Buy stamps',
      projectId: null,
      planned: true,
      createdAt: w.now,
    }),
  },
  {
    name: 'create an idle project task',
    command: (w) => ({
      kind: 'createTask',
      taskId: id(),
      name: 'Paint the fence',
      projectId: w.home,
      planned: false,
      createdAt: w.now,
    }),
  },
  {
    name: 'rename a task',
    command: (w) => ({
      kind: 'renameTask',
      taskId: w.tasks.homeIdle,
      projectId: w.home,
      name: 'Fix the tap today',
    }),
  },
  ...(['plan', 'idle', 'complete', 'revert'] as const).flatMap((action) =>
    // A completed task cannot be planned or idled (the server refuses, TASK_COMPLETED).
    (['inboxPlanned', 'inboxIdle', 'inboxDone', 'homeIdle'] as const)
      .filter((task) => task !== 'inboxDone' || action === 'complete' || action === 'revert')
      .map((task): Case => ({
        name: `${action} a task (${task})`,
        command: (w) => ({
          kind: 'taskAction',
          taskId: w.tasks[task],
          projectId: task === 'homeIdle' ? w.home : null,
          action,
          isAutomation: false,
          at: w.now,
        }),
      })),
  ),
  {
    name: 'complete a shared task as a member',
    actor: 'bea',
    command: (w) => ({
      kind: 'taskAction',
      taskId: w.tasks.sharedPlanned,
      projectId: w.shared,
      action: 'complete',
      isAutomation: false,
      at: w.now,
    }),
  },
  {
    name: 'move a planned task to the front',
    command: (w) => ({ kind: 'moveTask', taskId: w.tasks.inboxPlanned, afterTaskId: null }),
  },
  {
    name: 'move a planned task after another',
    command: (w) => ({
      kind: 'moveTask',
      taskId: w.tasks.homePlanned,
      afterTaskId: w.tasks.inboxPlanned,
    }),
  },
  {
    name: 'delete a planned project task',
    command: (w) => ({
      kind: 'deleteTask',
      taskId: w.tasks.homePlanned,
      projectId: w.home,
      isAutomation: false,
    }),
  },
  ...(
    [
      ['plan an idle task for tomorrow', 'inboxIdle', '2026-11-23'],
      ['plan an idle project task for a day next week', 'homeIdle', '2026-11-30'],
      ['move a planned task to another day', 'inboxPlanned', '2026-11-24'],
      ['plan a task for a day already over, which is today', 'inboxIdle', '2026-11-01'],
      ['plan a planned task for the day it is on', 'homePlanned', '2026-11-22'],
    ] as const
  ).map(([name, task, day]): Case => ({
    name,
    command: (w) => ({
      kind: 'planTaskForDay',
      taskId: w.tasks[task],
      projectId: task.startsWith('home') ? w.home : null,
      isAutomation: false,
      day,
      at: w.now,
    }),
  })),
  ...(
    [
      ['set a deadline', '2026-12-24'],
      ['clear a deadline', null],
    ] as const
  ).map(([name, deadline]): Case => ({
    name: name!,
    before: deadline
      ? undefined
      : async (w) => {
          await w.ada.callOk('setTaskDeadline', {
            params: { id: w.tasks.homeIdle },
            body: { workspaceId: w.ada.workspaceId, projectId: w.home, deadline: '2026-12-01' },
          });
        },
    command: (w) => ({
      kind: 'setTaskDeadline',
      taskId: w.tasks.homeIdle,
      projectId: w.home,
      deadline,
    }),
  })),
  ...(
    [
      ['set an estimate', 90],
      ['clear an estimate', null],
    ] as const
  ).map(([name, estimate]): Case => ({
    name: name!,
    before: estimate
      ? undefined
      : async (w) => {
          await w.ada.callOk('setTaskEstimate', {
            params: { id: w.tasks.homeIdle },
            body: { workspaceId: w.ada.workspaceId, projectId: w.home, estimate: 30 },
          });
        },
    command: (w) => ({
      kind: 'setTaskEstimate',
      taskId: w.tasks.homeIdle,
      projectId: w.home,
      estimate,
    }),
  })),
  ...(
    [
      ['set a reminder', '2030-01-10T09:00:00+02:00'],
      ['clear a reminder', null],
    ] as const
  ).map(([name, remindAt]): Case => ({
    name: name!,
    before: remindAt
      ? undefined
      : async (w) => {
          await w.ada.callOk('setTaskReminder', {
            params: { id: w.tasks.homeIdle },
            body: {
              workspaceId: w.ada.workspaceId,
              projectId: w.home,
              remindAt: '2030-01-01T08:00:00Z',
            },
          });
        },
    command: (w) => ({
      kind: 'setTaskReminder',
      taskId: w.tasks.homeIdle,
      projectId: w.home,
      remindAt,
    }),
  })),
  {
    name: 'change the day settings',
    command: () => ({
      kind: 'updateDaySettings',
      timeZone: 'Asia/Tokyo',
      carryOverTo: 'bottom',
      backToInboxAfter: 3,
      capacity: [480, 480, 480, 480, 240, 0, 0],
      planNudgeAt: '07:45',
      finishNudgeAt: '18:00',
    }),
  },
  { name: 'hide completed tasks', command: () => ({ kind: 'hideCompleted' }) },
  { name: 'move all tasks to planning', command: () => ({ kind: 'idleAllPlanned' }) },
  ...[false, true].map((asFirst): Case => ({
    name: `create a project${asFirst ? ' first' : ''}`,
    command: (w) => ({
      kind: 'createProject',
      projectId: id(),
      name: 'Garden',
      asFirst,
      createdAt: w.now,
    }),
  })),
  {
    name: 'rename a project',
    command: (w) => ({ kind: 'renameProject', projectId: w.work, name: 'Office' }),
  },
  {
    name: 'recolour a project',
    command: (w) => ({ kind: 'setProjectColor', projectId: w.work, color: '#AB12CD' }),
  },
  {
    name: 'move a project',
    command: (w) => ({ kind: 'moveProject', projectId: w.work, index: 0 }),
  },
  { name: 'archive a project', command: (w) => ({ kind: 'archiveProject', projectId: w.home }) },
  {
    name: 'bring back a project',
    command: (w) => ({
      kind: 'unarchiveProject',
      projectId: w.archived,
      name: 'Old',
      color: '#3366ff',
      at: w.now,
    }),
  },
  { name: 'delete a project', command: (w) => ({ kind: 'deleteProject', projectId: w.home }) },
  {
    name: 'leave a shared project',
    actor: 'bea',
    command: (w) => ({ kind: 'leaveProject', projectId: w.shared }),
  },
  {
    name: 'stop sharing a project with a member',
    command: (w) => ({
      kind: 'removeProjectMember',
      projectId: w.shared,
      memberWorkspaceId: w.bea.workspaceId,
      email: 'bea@example.com',
    }),
  },
  {
    name: 'create an automation',
    command: (w) => ({
      kind: 'createAutomation',
      automationId: id(),
      name: '',
      trigger: { frequency: 'WEEKLY', weekdays: [1, 4] },
      taskName: 'Water the plants',
      createdAt: w.now,
    }),
  },
  {
    name: 'create a "first Monday" automation adding to a project',
    command: (w) => ({
      kind: 'createAutomation',
      automationId: id(),
      name: '',
      trigger: { frequency: 'WEEKDAY_OF_MONTH', nth: 1, weekday: 1 },
      taskName: 'Check the smoke alarm',
      createdAt: w.now,
      projectId: w.home,
    }),
  },
  {
    name: 'create an every-2-weeks automation',
    command: (w) => ({
      kind: 'createAutomation',
      automationId: id(),
      name: 'Fortnightly',
      trigger: { frequency: 'WEEKLY', weekdays: [1, 4], interval: 2, startsOn: '2026-11-23' },
      taskName: 'Clean the bathroom',
      createdAt: w.now,
    }),
  },
  {
    name: 'create a yearly automation written as every 1 year',
    command: (w) => ({
      kind: 'createAutomation',
      automationId: id(),
      name: '',
      trigger: {
        frequency: 'YEARLY',
        month: 12,
        dayOfMonth: 3,
        interval: 1,
        startsOn: '2026-11-23',
      },
      taskName: 'Renew the car insurance',
      createdAt: w.now,
    }),
  },
  {
    name: 'edit an automation to the last day of every 3 months in a project',
    command: (w) => ({
      kind: 'updateAutomation',
      automationId: w.monthly,
      name: '',
      trigger: { frequency: 'LAST_DAY_OF_MONTH', interval: 3, startsOn: '2026-11-01' },
      taskName: 'Pay the rent',
      projectId: w.work,
    }),
  },
  {
    name: 'delete an automation',
    command: (w) => ({ kind: 'deleteAutomation', automationId: w.monthly, name: 'Rent' }),
  },
  {
    name: 'edit an automation back to its default name',
    command: (w) => ({
      kind: 'updateAutomation',
      automationId: w.monthly,
      name: '',
      trigger: { frequency: 'MONTHLY', dayOfMonth: 28 },
      taskName: 'Pay the rent',
    }),
  },
  ...[true, false].map((isPaused): Case => ({
    name: isPaused ? 'pause an automation' : 'resume an automation',
    before: isPaused
      ? undefined
      : async (w) => {
          await w.ada.callOk('pauseAutomation', { params: { id: w.monthly } });
        },
    command: (w) => ({
      kind: 'pauseAutomation',
      automationId: w.monthly,
      name: 'Rent',
      trigger: { frequency: 'MONTHLY', dayOfMonth: 5 },
      isPaused,
      today: w.now.slice(0, 10),
    }),
  })),
  {
    name: 'skip the coming run',
    command: (w) => ({
      kind: 'skipAutomationRun',
      automationId: w.monthly,
      name: 'Rent',
      trigger: { frequency: 'MONTHLY', dayOfMonth: 5 },
      period: '2026-12',
    }),
  },
  {
    name: 'undo the skip of a run',
    before: async (w) => {
      await w.ada.callOk('skipAutomationRun', {
        params: { id: w.monthly },
        body: { period: '2026-12' },
      });
    },
    command: (w) => ({
      kind: 'unskipAutomationRun',
      automationId: w.monthly,
      name: 'Rent',
      trigger: { frequency: 'MONTHLY', dayOfMonth: 5 },
      period: '2026-12',
    }),
  },
  {
    name: 'retry a run',
    command: (w) => ({
      kind: 'retryAutomationRun',
      automationId: w.daily,
      name: 'Stretch',
      period: w.now.slice(0, 10),
    }),
  },
];

async function seedWorld(t: TestApp, n: number): Promise<World> {
  const ada = await apiClientFor(t.app, `ada${n}@example.com`);
  const bea = await apiClientFor(t.app, `bea${n}@example.com`);
  const workspaceId = ada.workspaceId;
  const project = async (name: string) =>
    (await ada.callOk('createProject', { body: { workspaceId, name } })).projectId;
  const [home, work, archived, shared] = [
    await project('Home'),
    await project('Work'),
    await project('Old'),
    await project('Shared'),
  ];
  const task = async (name: string, projectId: string | null, planned: boolean) =>
    (
      await ada.callOk('createTask', {
        body: { workspaceId, projectId, name, planned },
      })
    ).id;
  const tasks = {
    homePlanned: await task('Fix the tap', home, true),
    homeIdle: await task('Fix the door', home, false),
    inboxPlanned: await task('Buy milk', null, true),
    inboxIdle: await task('Call mum', null, false),
    inboxDone: await task('Post the letter', null, true),
    sharedPlanned: await task('Plan the trip', shared, false),
  };
  await task('Old task', archived, false);
  const body = (projectId: string | null) => ({
    workspaceId,
    projectId,
    origin: 'workspace' as const,
  });
  await ada.callOk('taskAction', {
    params: { id: tasks.inboxDone, action: 'complete' },
    body: body(null),
  });
  await ada.callOk('archiveProject', { params: { id: archived }, body: { workspaceId } });
  const { inviteLink } = await ada.callOk('getInviteLink', { params: { projectId: shared } });
  await bea.callOk('joinInvite', {
    params: { inviteToken: String(inviteLink).replace('/invite/', '') },
  });
  await bea.callOk('taskAction', {
    params: { id: tasks.sharedPlanned, action: 'plan' },
    body: { workspaceId: bea.workspaceId, projectId: shared, origin: 'workspace' },
  });
  const automation = (trigger: object, taskName: string) =>
    ada.callOk('createAutomation', {
      body: {
        workspaceId,
        trigger: trigger as never,
        steps: [{ type: 'TASK', payload: { taskName } }],
      },
    });
  const monthly = (await automation({ frequency: 'MONTHLY', dayOfMonth: 5 }, 'Pay rent')).id;
  const daily = (await automation({ frequency: 'DAILY' }, 'Stretch')).id;
  return {
    ada,
    bea,
    home,
    work,
    archived,
    shared,
    tasks,
    monthly,
    daily,
    now: t.clock.now().toISOString(),
    items: [id(), id(), id()],
  };
}

/** An automation's history; an empty one for an automation not made yet or deleted. */
async function historyOf(user: ApiClient, automationId: string | undefined) {
  const res = automationId
    ? await user.call('getAutomationHistory', { params: { id: automationId } })
    : undefined;
  return res?.statusCode === 200
    ? (res.json() as LocalSlices['automationHistory'])
    : { id: automationId ?? '', nextRun: null, runs: [] };
}

/** Who shares a project, as its owner sees them; nobody for anyone else. */
async function membersOf(user: ApiClient, projectId: string | undefined) {
  const res = projectId
    ? await user.call('listProjectMembers', { params: { projectId } })
    : undefined;
  const members = res?.statusCode === 200 ? (res.json() as ProjectMember[]) : [];
  return { projectId: projectId ?? '', members };
}

/** An opened task's details; an empty copy for a task the user cannot open. */
async function detailsOf(user: ApiClient, taskId: string | undefined) {
  const res = taskId ? await user.call('getTaskDetails', { params: { id: taskId } }) : undefined;
  return res?.statusCode === 200
    ? (res.json() as LocalSlices['taskDetails'])
    : ({ taskId: taskId ?? '', notes: '', checklist: [] } as unknown as LocalSlices['taskDetails']);
}

/** Every copy a command may change, as the server answers it now. */
async function copiesOf(user: ApiClient, command: Command): Promise<LocalSlices> {
  const automationId = 'automationId' in command ? command.automationId : undefined;
  const projectId = 'projectId' in command ? (command.projectId ?? undefined) : undefined;
  const workspace = (await user.workspace()) as WorkspaceResponse;
  return {
    workspace,
    automations: await user.callOk('listAutomations'),
    automationHistory: await historyOf(user, automationId),
    automationStatus: await user.callOk('listAutomationStatuses'),
    archivedProjects: await user.callOk('listArchivedProjects', {
      params: { id: user.workspaceId },
    }),
    projectMembers: await membersOf(user, projectId),
    taskDetails: await detailsOf(user, 'taskId' in command ? command.taskId : undefined),
  };
}

const taskView = (task: Task) => ({
  id: task.id,
  name: task.name,
  projectId: task.projectId,
  state: task.state,
  planned: task.planned,
  done: task.done,
  plannedFor: task.plannedFor,
  carriedOver: task.carriedOver,
  deadline: task.deadline,
  hasNotes: task.hasNotes,
  checklist: task.checklist,
  actualSeconds: task.actualSeconds,
});

/**
 * What a screen shows of each copy: everything but what the server stamps (versions, update
 * times) and what only it can know before it answers (a skipped run's time of making).
 */
const VIEWS: { [S in SliceName]: (state: LocalSlices[S]) => unknown } = {
  workspace: (workspace) => ({
    projects: workspace.projects.map((project) => ({
      id: project.id,
      name: project.name,
      color: project.color,
      archived: project.archived,
      openTasksCount: project.openTasksCount,
      completedTasksCount: project.completedTasksCount,
      tasks: project.tasks.map(taskView),
    })),
    tasks: workspace.tasks.map(taskView),
    automations: workspace.automations.map(taskView),
    plannedTasks: workspace.plannedTasks,
    plannedCounts: workspace.plannedCounts,
    inboxOpenCount: workspace.inboxOpenCount,
    archivedProjectsCount: workspace.archivedProjectsCount,
    days: workspace.days,
    focus: workspace.focus,
    dayReview: workspace.dayReview,
  }),
  automations: (list) =>
    list.map(({ id, name, trigger, steps, status }) => ({ id, name, trigger, steps, status })),
  automationHistory: (history) => ({
    id: history.id,
    nextRun: history.nextRun,
    runs: history.runs.map(({ period, status, task }) => ({ period, status, task })),
  }),
  automationStatus: (list) =>
    list.map(({ id, name, status, period }) => ({ id, name, status, period })),
  archivedProjects: (list) => list,
  projectMembers: (list) => ({
    projectId: list.projectId,
    members: list.members.map(({ workspaceId, email }) => ({ workspaceId, email })),
  }),
  taskDetails: (details) => ({
    taskId: details.taskId,
    notes: details.notes,
    checklist: details.checklist,
    marks: details.task && {
      hasNotes: details.task.hasNotes,
      checklist: details.task.checklist,
      actualSeconds: details.task.actualSeconds,
    },
    timeEntries: details.timeEntries,
    projectId: details.task?.projectId,
  }),
};

const view = <S extends SliceName>(slice: S, state: LocalSlices[S]) =>
  (VIEWS[slice] as (state: LocalSlices[S]) => unknown)(state);

describe.each(testDialects)('the command table against the server (%s)', (dialect) => {
  let t: TestApp;
  let worlds = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('has a case for every command of the table', () => {
    const covered = new Set<CommandKind>();
    // Commands need a world only to be built; the ids in it do not matter here.
    const tasks = { homePlanned: 't', homeIdle: 't', inboxPlanned: 't', inboxIdle: 't' };
    const anyWorld = {
      ...{ home: 'p', work: 'p', archived: 'p', shared: 'p', monthly: 'a', daily: 'a' },
      tasks: { ...tasks, inboxDone: 't', sharedPlanned: 't' },
      bea: { workspaceId: 'w' },
      now: '2026-11-22T09:00:00.000Z',
      items: ['i', 'i', 'i'],
    } as World;
    for (const entry of CASES) covered.add(entry.command(anyWorld).kind);
    expect([...covered].sort()).toEqual(Object.keys(commands).sort());
  });

  it.each(CASES)('$name: the local change is the server’s', async (entry) => {
    const world = await seedWorld(t, (worlds += 1));
    await entry.before?.(world);
    const user = entry.actor === 'bea' ? world.bea : world.ada;
    const command = entry.command(world);
    // What the outbox keeps is read back through the table's argument schemas.
    expect(parseCommand(JSON.parse(JSON.stringify(command)))).toEqual(command);
    const before = await copiesOf(user, command);

    const { operation, input } = requestOf(command, user.workspaceId);
    const res = await user.call(operation, input as never);
    expect(res.statusCode, res.body).toBeLessThan(300);
    const answer: unknown = res.body === '' ? null : res.json();
    const after = await copiesOf(user, command);

    const slices = slicesOf(command);
    expect(slices.length).toBeGreaterThan(0);
    for (const slice of slices) {
      const local = applyAnswer(
        slice,
        applyCommand(slice, before[slice], command),
        command,
        answer,
      );
      expect(view(slice, local), `${slice} after ${command.kind}`).toEqual(
        view(slice, after[slice]),
      );
      // Applied again on top of the server's answer, it changes nothing more (decision 028).
      expect(view(slice, applyCommand(slice, after[slice], command))).toEqual(
        view(slice, after[slice]),
      );
    }
  });
});
