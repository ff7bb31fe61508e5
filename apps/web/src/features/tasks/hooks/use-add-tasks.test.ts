import { parseQuickAdd } from '@hustle/shared/quick-add/quick-add';
import { describe, expect, it } from 'vitest';
import { quickAddCommands } from './use-add-tasks.ts';

const AT = '2026-11-27T10:00:00.000Z';
const read = (text: string) =>
  parseQuickAdd(text, {
    today: '2026-11-27',
    now: AT,
    timeZone: 'Europe/Warsaw',
    projects: [{ id: 'home', name: 'Home' }],
    canRepeat: true,
    canCreateProject: true,
  });
const commandsOf = (
  text: string,
  where: { projectId: string | null; planned: boolean } = { projectId: null, planned: true },
) => {
  const quick = read(text);
  return quickAddCommands(quick.name, quick, where, AT);
};

describe('quickAddCommands', () => {
  it('creates a task for another day unplanned, then plans it for that day', () => {
    const [create, plan, ...rest] = commandsOf('Call Anna tomorrow');
    expect(create).toMatchObject({ kind: 'createTask', name: 'Call Anna', planned: false });
    expect(plan).toMatchObject({
      kind: 'planTaskForDay',
      taskId: create && 'taskId' in create ? create.taskId : 'missing',
      day: '2026-11-28',
    });
    expect(rest).toEqual([]);
  });

  it('plans “today” as the create itself does, even from the inbox', () => {
    expect(commandsOf('Call Anna today', { projectId: null, planned: false })).toEqual([
      expect.objectContaining({ kind: 'createTask', planned: true }),
    ]);
  });

  it('keeps the field’s own place when no day is named, and adds the deadline after', () => {
    expect(commandsOf('Report by Friday', { projectId: null, planned: false })).toEqual([
      expect.objectContaining({ kind: 'createTask', name: 'Report', planned: false }),
      expect.objectContaining({ kind: 'setTaskDeadline', deadline: '2026-12-04' }),
    ]);
  });

  it('sets the reminder after the task and its day, as the task details would', () => {
    const [create, plan, remind, ...rest] = commandsOf('Call Ana tomorrow 9:00');
    expect(create).toMatchObject({ kind: 'createTask', name: 'Call Ana', planned: false });
    expect(plan).toMatchObject({ kind: 'planTaskForDay', day: '2026-11-28' });
    expect(remind).toEqual({
      kind: 'setTaskReminder',
      taskId: create && 'taskId' in create ? create.taskId : 'missing',
      projectId: null,
      remindAt: '2026-11-28T08:00:00.000Z',
    });
    expect(rest).toEqual([]);
    // A time alone reminds today and leaves the task where the field adds it.
    expect(commandsOf('Call Ana at 3pm', { projectId: 'home', planned: false })).toEqual([
      expect.objectContaining({ kind: 'createTask', projectId: 'home', planned: false }),
      expect.objectContaining({ kind: 'setTaskReminder', remindAt: '2026-11-27T14:00:00.000Z' }),
    ]);
  });

  it('puts the task in the project picked, or a new one made first', () => {
    expect(commandsOf('Fix sink #home', { projectId: null, planned: false })).toEqual([
      expect.objectContaining({ kind: 'createTask', projectId: 'home' }),
    ]);
    const [project, task] = commandsOf('Book flights #Travel');
    expect(project).toMatchObject({ kind: 'createProject', name: 'Travel', asFirst: false });
    expect(task).toMatchObject({
      kind: 'createTask',
      projectId: project && 'projectId' in project ? project.projectId : 'missing',
    });
  });

  it('makes a repeat an automation that adds the task, and no task now', () => {
    expect(commandsOf('Water plants every monday')).toEqual([
      expect.objectContaining({
        kind: 'createAutomation',
        trigger: { frequency: 'WEEKLY', weekdays: [1] },
        taskName: 'Water plants',
        name: 'Weekly on Monday add Water plants in Execute',
      }),
    ]);
    expect(commandsOf('Water plants every monday')[0]).not.toHaveProperty('projectId');
  });

  it('puts a repeat in the project named, or the one whose field it was typed in', () => {
    expect(commandsOf('Pay rent every 15th #Home')).toEqual([
      expect.objectContaining({
        kind: 'createAutomation',
        taskName: 'Pay rent',
        projectId: 'home',
      }),
    ]);
    const [project, automation, ...rest] = commandsOf('Water plants every monday #Garden');
    expect(project).toMatchObject({ kind: 'createProject', name: 'Garden' });
    expect(automation).toMatchObject({
      kind: 'createAutomation',
      projectId: project && 'projectId' in project ? project.projectId : 'missing',
    });
    expect(rest).toEqual([]);
    expect(commandsOf('Stretch every day', { projectId: 'home', planned: false })).toEqual([
      expect.objectContaining({ kind: 'createAutomation', projectId: 'home' }),
    ]);
  });

  it('names an automation of the new kinds as the create screen would', () => {
    const [automation] = commandsOf('Team lunch every first monday');
    expect(automation).toMatchObject({
      kind: 'createAutomation',
      trigger: { frequency: 'WEEKDAY_OF_MONTH', nth: 1, weekday: 1 },
      taskName: 'Team lunch',
    });
    expect(automation && 'name' in automation ? automation.name : '').toMatch(/Team lunch/);
  });
});
