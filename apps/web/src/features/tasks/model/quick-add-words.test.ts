import { parseQuickAdd } from '@hustle/shared/quick-add/quick-add';
import type { QuickAddContext } from '@hustle/shared/quick-add/quick-add-parts';
import { describe, expect, it } from 'vitest';
import { chipLabel, quickAddSummary } from './quick-add-words.ts';

const TODAY = '2026-11-27';
const context: QuickAddContext = {
  today: TODAY,
  // 09:00 in Warsaw.
  now: '2026-11-27T08:00:00Z',
  timeZone: 'Europe/Warsaw',
  projects: [{ id: 'home', name: 'Home' }],
  canRepeat: true,
  canCreateProject: true,
};
const labels = (text: string) =>
  parseQuickAdd(text, context).parts.map((part) => chipLabel(part, TODAY));

describe('quick add words', () => {
  it('labels each chip as the rows label days', () => {
    expect(labels('Call Anna tomorrow')).toEqual(['Tomorrow']);
    expect(labels('Report by 3 Dec')).toEqual(['Due Thu 3 Dec']);
    expect(labels('Report by tomorrow')).toEqual(['Due tomorrow']);
    expect(labels('Water plants every monday')).toEqual(['Every Monday']);
    expect(labels('Fix sink #ho')).toEqual(['Home']);
    expect(labels('Book #Travel')).toEqual(['New project “Travel”']);
    expect(labels('Water every 2 weeks')).toEqual(['Every 2 weeks on Fri']);
    expect(labels('Call Ana tomorrow 9:00')).toEqual(['Tomorrow', 'Tomorrow 09:00']);
    expect(labels('Call Ana at 3pm')).toEqual(['Today 15:00']);
    expect(labels('Call Ana at 8am')).toEqual([
      'That time has passed today: “at 8am” stays in the name',
    ]);
    expect(labels('Check every morning')).toEqual([
      'This repeat isn’t supported yet: “every morning” stays in the name',
    ]);
  });

  it('says in one sentence what Enter will do', () => {
    expect(quickAddSummary(parseQuickAdd('Call Anna tomorrow #home', context), TODAY)).toBe(
      'Enter adds “Call Anna”: planned for Tomorrow, Saturday 28 November; in project Home.',
    );
    expect(quickAddSummary(parseQuickAdd('Call Ana friday at 10', context), TODAY)).toBe(
      'Enter adds “Call Ana”: planned for Friday 4 December; reminder Friday 4 December, 10:00.',
    );
    expect(quickAddSummary(parseQuickAdd('Pay rent every 15th', context), TODAY)).toBe(
      'Enter adds a repeat adding “Pay rent”: repeats every month on the 15th.',
    );
  });

  it('stays quiet for plain text, and asks for a name when only parts were typed', () => {
    expect(quickAddSummary(parseQuickAdd('Buy 3 apples', context), TODAY)).toBe('');
    expect(quickAddSummary(parseQuickAdd('tomorrow', context), TODAY)).toBe(
      'Type a name for the task too.',
    );
  });
});
