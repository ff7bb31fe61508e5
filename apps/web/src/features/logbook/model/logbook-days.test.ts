import type { LogbookPage, LogbookTask, LogbookTotals } from '@hustle/shared/logbook';
import { describe, expect, it } from 'vitest';
import {
  accuracyPercent,
  logbookHeading,
  mergeLogbookPages,
  taskTime,
  totalsLine,
  weekRange,
} from './logbook-days.ts';

const totals = (extra: Partial<LogbookTotals> = {}): LogbookTotals => ({
  done: 0,
  focusedSeconds: 0,
  estimatedMinutes: 0,
  actualSeconds: 0,
  estimatedTasks: 0,
  isCapped: false,
  ...extra,
});
const task = (name: string): LogbookTask => ({
  taskId: crypto.randomUUID(),
  name,
  completedAt: '2026-11-24T10:00:00.000Z',
  place: { kind: 'inbox', projectId: null, name: 'Inbox', color: null, isArchived: false },
  estimate: null,
  actualSeconds: 0,
});

describe('the logbook’s days', () => {
  it('joins a day that goes on in the next page into one, keeping the whole day’s totals', () => {
    const pages: LogbookPage[] = [
      {
        days: [
          { day: '2026-11-25', totals: totals({ done: 1 }), tasks: [task('A')] },
          { day: '2026-11-24', totals: totals({ done: 3 }), tasks: [task('B')] },
        ],
        next: 'x',
      },
      {
        days: [
          { day: '2026-11-24', totals: totals({ done: 3 }), tasks: [task('C'), task('D')] },
          { day: '2026-11-20', totals: totals({ done: 1 }), tasks: [task('E')] },
        ],
        next: null,
      },
    ];
    const days = mergeLogbookPages(pages);
    expect(days.map((d) => [d.day, d.totals.done, d.tasks.map((t) => t.name)])).toEqual([
      ['2026-11-25', 1, ['A']],
      ['2026-11-24', 3, ['B', 'C', 'D']],
      ['2026-11-20', 1, ['E']],
    ]);
  });

  it('names days as a person would, and weeks as a range', () => {
    expect(logbookHeading('2026-11-28', '2026-11-28')).toBe('Today');
    expect(logbookHeading('2026-11-27', '2026-11-28')).toBe('Yesterday');
    expect(logbookHeading('2026-11-25', '2026-11-28')).toBe('Wednesday 25 November');
    expect(logbookHeading('2025-12-31', '2026-11-28')).toBe('Wed 31 December 2025');
    expect(weekRange('2026-11-23', '2026-11-29')).toBe('23 – 29 November 2026');
    expect(weekRange('2026-11-30', '2026-12-06')).toBe('30 November – 6 December 2026');
    expect(weekRange('2025-12-29', '2026-01-04')).toBe('29 December 2025 – 4 January 2026');
  });

  it('says a day’s totals in one line, only what there is', () => {
    expect(totalsLine(totals({ done: 1 }))).toBe('1 task done');
    expect(
      totalsLine(
        totals({
          done: 4,
          focusedSeconds: 5400,
          estimatedTasks: 2,
          estimatedMinutes: 90,
          actualSeconds: 6000,
        }),
      ),
    ).toBe('4 tasks done · 1 h 30 min focused · 1 h 40 min taken of 1 h 30 min estimated');
    expect(totalsLine(totals({ done: 10_000, isCapped: true }))).toBe('10,000+ tasks done');
    expect(accuracyPercent(1.123)).toBe('112%');
    expect(accuracyPercent(null)).toBeNull();
    expect(taskTime({ estimate: 60, actualSeconds: 1500 })).toBe('25 min of 1 h');
    expect(taskTime({ estimate: null, actualSeconds: 2400 })).toBe('40 min');
    expect(taskTime({ estimate: 30, actualSeconds: 0 })).toBe('30 min estimated');
    expect(taskTime({ estimate: null, actualSeconds: 0 })).toBeNull();
  });
});
