import { fork } from 'node:child_process';
import type { LoadMessage, LoadResult, LoadSpec } from './load-spec.ts';

const WORKER = new URL('./load-worker.ts', import.meta.url);
/** Past its own duration, a load process gets this long before it is killed. */
const GRACE_MS = 30_000;

/**
 * Runs one load in a child process of its own and returns what it measured; `onMeasuring` is
 * called as the measured run starts (after the warm-up).
 */
export function runLoad(spec: LoadSpec, onMeasuring?: () => void): Promise<LoadResult> {
  const child = fork(WORKER, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const limitMs = (spec.warmupSeconds + spec.durationSeconds) * 1000 + GRACE_MS;
  return new Promise<LoadResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the load process did not finish within ${limitMs} ms`));
    }, limitMs);
    child.on('message', (message: LoadMessage) => {
      if ('measuring' in message) return onMeasuring?.();
      clearTimeout(timer);
      if (message.ok) resolve(message.result);
      else reject(new Error(`the load process failed: ${message.error}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the load process exited with code ${code} before answering`));
    });
    child.send(spec);
  });
}
