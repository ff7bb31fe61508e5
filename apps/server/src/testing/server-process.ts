import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const serverDir = path.join(import.meta.dirname, '..', '..');

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  child: ChildProcess;
  /** SIGKILL: no handler runs, nothing is flushed — a power cut as far as the process knows. */
  kill(): Promise<void>;
  /** SIGTERM, the graceful shutdown of main.ts. */
  stop(): Promise<void>;
}

/**
 * Starts the real server (main.ts) as a child process on a port the OS picks, and resolves once
 * it listens. The address comes from Fastify's own "listening" log line, since PORT=0 leaves
 * the configured app URL without the real port.
 */
export function startServerProcess(
  env: Record<string, string>,
  startTimeoutMs = 30_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SCHEDULER_INTERVAL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };

  return new Promise((resolve, reject) => {
    let output = '';
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${startTimeoutMs} ms:\n${output}`));
    }, startTimeoutMs);
    // Keeps reading after start-up (a full pipe would block the server) but drops what it reads.
    const onData = (chunk: Buffer) => {
      if (started) return;
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        started = true;
        clearTimeout(timer);
        resolve({
          url: match[1],
          child,
          kill: () => signal('SIGKILL'),
          stop: () => signal('SIGTERM'),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      if (started) return;
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
}
