import { describe, expect, it } from 'vitest';
import { aProject, aTask, aWorkspace } from '../../test/workspace-fixture.tsx';
import { bestMatches, matchScore, paletteEntries, placeOfTask } from './palette-entries.ts';

describe('paletteEntries', () => {
  it('lists inbox, project and automation tasks once each, with where they live', () => {
    const shared = aTask('t2', { name: 'Draft', projectId: 'p1', state: 'PLANNED' });
    const workspace = aWorkspace({
      tasks: [aTask('t1', { name: 'Buy milk' })],
      projects: [aProject('p1', 'Work', { tasks: [shared] })],
      automations: [
        {
          ...aTask('t3', { name: 'Pay rent', automationId: 'a1' }),
          automationId: 'a1',
          origin: 'automation',
        },
      ],
    });

    const { tasks, projects } = paletteEntries(workspace);

    expect(tasks.map(({ id, place, state }) => [id, place, state])).toEqual([
      ['t1', 'Inbox', 'IDLE'],
      ['t2', 'Work', 'PLANNED'],
      ['t3', 'Automation', 'IDLE'],
    ]);
    expect(projects.map((project) => project.name)).toEqual(['Work']);
  });
});

describe('matchScore and bestMatches', () => {
  it('needs every typed word, in any case and order', () => {
    expect(matchScore('Write the report', 'REPORT write')).toBeGreaterThan(0);
    expect(matchScore('Write the report', 'report bank')).toBe(0);
  });

  it('ranks a match at the start, then at a word start, then anywhere', () => {
    const names = ['Unwrite', 'Call about the write-up', 'Write the report'];
    expect(bestMatches(names, (name) => name, 'write', 10)).toEqual([
      'Write the report',
      'Call about the write-up',
      'Unwrite',
    ]);
    expect(bestMatches(names, (name) => name, 'write', 1)).toEqual(['Write the report']);
  });

  it('keeps everything, in order, for an empty search', () => {
    expect(bestMatches(['b', 'a'], (name) => name, '  ', 10)).toEqual(['b', 'a']);
  });
});

describe('placeOfTask', () => {
  it('shows a task where it is: today’s on Execute, a coming day’s on Upcoming, further off its details', () => {
    const planned = (id: string, plannedFor: string) =>
      aTask(id, { planned: true, state: 'PLANNED', plannedFor });
    const workspace = aWorkspace({
      tasks: [
        planned('today', '2026-11-27'),
        planned('tomorrow', '2026-11-28'),
        planned('last', '2026-12-10'),
        planned('beyond', '2026-12-11'),
        aTask('idle'),
      ],
      plannedTasks: ['today', 'tomorrow', 'last', 'beyond'],
    });
    const place = (id: string) => placeOfTask(workspace, id, '2026-11-27', 14);
    expect(['today', 'tomorrow', 'last', 'beyond', 'idle'].map(place)).toEqual([
      'execute',
      'upcoming',
      'upcoming',
      'details',
      'plan',
    ]);
  });
});
