import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** Something whose CPU time can be read: a process, or several summed. */
export interface CpuMeter {
  /** CPU time used so far (user and system), seconds; null without /proc. */
  cpuSeconds(): number | null;
}

export interface Service extends CpuMeter {
  origin: string;
  pid: number;
  /** Resident memory of the process in bytes, or null where /proc is not there to ask. */
  rss(): number | null;
  /** SIGTERM, the app's graceful shutdown (SIGKILL if it lingers); resolves once it exited. */
  stop(): Promise<void>;
  /** SIGKILL: nothing runs, nothing is flushed; resolves once it exited. */
  kill(): Promise<void>;
  /** Sends a signal and returns at once (SIGSTOP and SIGCONT pause and resume it). */
  signal(name: NodeJS.Signals): void;
}

/**
 * Starts `node <args>` (or another `command`) listening on `port` and waits until `readyPath`
 * answers 200; output goes to `logFile`, whose end is shown if the process dies or never gets
 * ready.
 */
export async function startService(options: {
  name: string;
  command?: string;
  args: string[];
  execArgv?: string[];
  env: Record<string, string>;
  port: number;
  readyPath: string;
  logFile: string;
}): Promise<Service> {
  const log = fs.openSync(options.logFile, 'a');
  const command = options.command ?? process.execPath;
  const child = spawn(command, [...(options.execArgv ?? []), ...options.args], {
    env: { PATH: process.env.PATH ?? '', ...options.env, PORT: String(options.port) },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const origin = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilReady(child, `${origin}${options.readyPath}`);
  } catch (error) {
    child.kill('SIGKILL');
    const tail = fs.readFileSync(options.logFile, 'utf8').split('\n').slice(-20).join('\n');
    throw new Error(`${options.name} did not start: ${String(error)}\n${tail}`);
  }
  return {
    origin,
    pid: child.pid!,
    rss: () => residentBytes(child.pid!),
    cpuSeconds: () => cpuSecondsOf(child.pid!),
    stop: () => stop(child),
    kill: () => kill(child),
    signal: (name) => void child.kill(name),
  };
}

async function waitUntilReady(child: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('not ready after 60 s');
}

function residentBytes(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = status.match(/^VmRSS:\s+(\d+) kB/m)?.[1];
    return kib ? Number(kib) * 1024 : null;
  } catch {
    return null;
  }
}

/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every common build). */
const TICKS_PER_SECOND = 100;

/** The processes' CPU time together; null if any of them cannot be read. */
export function cpuOfProcesses(pids: readonly number[]): CpuMeter {
  return {
    cpuSeconds: () => {
      let total = 0;
      for (const pid of pids) {
        const seconds = cpuSecondsOf(pid);
        if (seconds === null) return null;
        total += seconds;
      }
      return total;
    },
  };
}

/**
 * PostgreSQL's processes on this machine, when the bench's database runs here: its backends and
 * the writers that flush their commits. The processes are the ones found at the first reading
 * (a measured run starts after its warm-up has opened the pools' connections); their CPU is
 * summed at each reading. Null when none runs here (a database on another host).
 */
export function localPostgresCpu(): CpuMeter {
  let pids: number[] | undefined;
  return {
    cpuSeconds: () => {
      pids ??= processesNamed('postgres');
      return pids.length === 0 ? null : cpuOfProcesses(pids).cpuSeconds();
    },
  };
}

function processesNamed(name: string): number[] {
  const pids: number[] = [];
  if (!fs.existsSync('/proc')) return pids;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // gone between the listing and the read
    }
  }
  return pids;
}

function cpuSecondsOf(pid: number): number | null {
  try {
    // The command name, field 2, may hold spaces: count fields after its closing parenthesis.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** SIGTERM (the app finishes in-flight requests), then SIGKILL if it lingers. */
async function stop(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A paused process would only see the SIGTERM once resumed.
  child.kill('SIGCONT');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function kill(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}

/**
 * CPU time the process has used, in seconds, from /proc (Linux); null elsewhere. Clock ticks
 * are 1/100 s on every Linux Node runs on.
 */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Waits until the server has used under a tenth of a core for three half-seconds running. A
 * server still working off requests whose clients gave up would slow the next scenario, and it
 * can answer a cheap probe quickly between two of those requests, so its CPU use is the judge.
 */
export async function waitUntilQuiet(service: Service, limitMs = 180_000): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  let quiet = 0;
  let before = cpuSeconds(service.pid);
  if (before === null) return true;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuSeconds(service.pid);
    if (now === null) return true;
    quiet = now - before < 0.05 ? quiet + 1 : 0;
    before = now;
    if (quiet >= 3) return true;
  }
  return false;
}
