import { describe, expect, it } from 'vitest';
import { cpuOfProcesses } from './processes.ts';

describe('cpuOfProcesses', () => {
  it('sums the CPU time the processes have used, growing as they work', () => {
    const meter = cpuOfProcesses([process.pid, process.pid]);
    const before = meter.cpuSeconds();
    const start = process.cpuUsage();
    while (process.cpuUsage(start).user < 150_000) Math.sqrt(Math.random());
    const after = meter.cpuSeconds();
    expect(before).not.toBeNull();
    // Counted twice: at least 2 × 0.15 s of work, less /proc's 10 ms ticks at each end.
    expect(after! - before!).toBeGreaterThanOrEqual(0.25);
  });

  it('reads null, not a smaller sum, once a process is gone', () => {
    const gone = 2 ** 22 + 1; // above Linux's largest pid
    expect(cpuOfProcesses([process.pid, gone]).cpuSeconds()).toBeNull();
  });
});
