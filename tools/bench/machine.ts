import { execFileSync } from 'node:child_process';
import os from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  system: string;
  /** 1-minute load average when the run started: other work on the machine skews every figure. */
  loadAverage: number;
  commit: string;
  date: string;
}

function gitCommit(root: string): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
    const dirty = git('status', '--porcelain').length > 0 ? ' with uncommitted changes' : '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

export function describeMachine(root: string): Machine {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    system: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg()[0] ?? 0,
    commit: gitCommit(root),
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}
