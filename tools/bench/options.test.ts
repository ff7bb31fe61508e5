import { describe, expect, it } from 'vitest';
import { parseOptions } from './options.ts';

describe('bench options', () => {
  it('runs the quick curve to 1,000 tasks, or to the counts --scale gives', () => {
    expect(parseOptions(['--quick'], {}).scaleTasks).toEqual([100, 1_000]);
    expect(parseOptions(['--quick', '--scale=500,10000'], {}).scaleTasks).toEqual([500, 10_000]);
    expect(parseOptions([], {}).scaleTasks).toEqual([100, 1_000, 10_000]);
  });

  it('measures each browser timing 5 times, or twice in a quick run', () => {
    expect(parseOptions([], {}).webRuns).toBe(5);
    expect(parseOptions(['--quick'], {}).webRuns).toBe(2);
    expect(parseOptions([], {}).lighthouseRuns).toBe(3);
    expect(parseOptions(['--quick'], {}).lighthouseRuns).toBe(1);
  });

  it('runs the web phase alone with --web-only', () => {
    expect(parseOptions(['--web-only'], {}).webOnly).toBe(true);
    expect(parseOptions(['--quick'], {}).webOnly).toBe(false);
  });

  it('runs named scenarios alone with --only, and profiles the server with --profile', () => {
    const options = parseOptions(['--only=small-read,plan-idle', '--profile'], {});
    expect(options.only).toEqual(['small-read', 'plan-idle']);
    expect(options.profile).toBe(true);
    expect(parseOptions([], {}).only).toBeUndefined();
    expect(parseOptions([], {}).profile).toBe(false);
  });

  it('refuses what it does not know', () => {
    expect(() => parseOptions(['--only=Small Read'], {})).toThrow(/unknown argument/);
    expect(() => parseOptions(['--scale=ten'], {})).toThrow(/unknown argument --scale=ten/);
  });
});
