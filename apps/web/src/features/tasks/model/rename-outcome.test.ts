import { describe, expect, it } from 'vitest';
import { renameOutcome } from './rename-outcome.ts';

describe('renameOutcome (spec §5 rename task)', () => {
  it('trims the new name', () => {
    expect(renameOutcome('Old', '  New name  ')).toEqual({ kind: 'rename', name: 'New name' });
  });

  it('keeps the old name when the input is empty or blank', () => {
    expect(renameOutcome('Old', '')).toEqual({ kind: 'keep' });
    expect(renameOutcome('Old', '   ')).toEqual({ kind: 'keep' });
  });

  it('sends nothing when the name is unchanged', () => {
    expect(renameOutcome('Old', 'Old')).toEqual({ kind: 'keep' });
    expect(renameOutcome('Old', ' Old ')).toEqual({ kind: 'keep' });
  });

  it('accepts 200 characters and refuses 201', () => {
    expect(renameOutcome('Old', 'x'.repeat(200))).toEqual({
      kind: 'rename',
      name: 'x'.repeat(200),
    });
    expect(renameOutcome('Old', 'x'.repeat(201))).toEqual({
      kind: 'invalid',
      message: 'A task name has at most 200 characters.',
    });
  });
});
