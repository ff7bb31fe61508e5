import type { QueryClient } from '@tanstack/react-query';
import { applySyncChanges } from '@hustle/shared/sync-apply';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { api } from '../../api/api-client.ts';
import { sessionQueryKey } from '../../api/session.ts';
import { workspaceQueryKey } from '../workspace/get-workspace.ts';
import { outboxOf } from '../outbox/outbox-state.ts';
import { tellChangesHeard } from './changes-heard.ts';

/** Beyond this many pages in one go, reading the workspace whole is the cheaper way. */
const MAX_PAGES = 10;

type Run = { isAgain: boolean; done: Promise<void> };
const runs = new WeakMap<QueryClient, Map<string, Run>>();

/**
 * Brings the cached workspace up to the server's version with the changes since the version it
 * shows (decision 020), instead of reading it whole. One catch-up runs at a time per workspace;
 * a call while one runs makes it go once more, so a version announced meanwhile is not missed.
 */
export function catchUpWorkspace(queryClient: QueryClient, workspaceId: string): Promise<void> {
  let byWorkspace = runs.get(queryClient);
  if (!byWorkspace) runs.set(queryClient, (byWorkspace = new Map()));
  const running = byWorkspace.get(workspaceId);
  if (running) {
    running.isAgain = true;
    return running.done;
  }
  const run: Run = { isAgain: false, done: Promise.resolve() };
  run.done = (async () => {
    try {
      do {
        run.isAgain = false;
        await catchUpOnce(queryClient, workspaceId);
      } while (run.isAgain);
    } finally {
      byWorkspace.delete(workspaceId);
    }
  })();
  byWorkspace.set(workspaceId, run);
  return run.done;
}

async function catchUpOnce(queryClient: QueryClient, workspaceId: string): Promise<void> {
  const key = workspaceQueryKey(workspaceId);
  const readWhole = () => queryClient.invalidateQueries({ queryKey: key });
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const shown = queryClient.getQueryData<WorkspaceResponse>(key);
    if (!shown) return;
    let answer;
    try {
      answer = await api.getSync({ query: { since: String(shown.version) } });
    } catch (error) {
      console.warn('Could not fetch the workspace changes', error);
      return readWhole();
    }
    // A copy replaced meanwhile is newer than the one these changes apply to: stop here.
    // (Commands of the outbox are applied again on top, decision 028.)
    if (queryClient.getQueryData(key) !== shown) return;
    if (answer.kind === 'snapshot') return readWhole();
    const caughtUp = applySyncChanges(shown, answer);
    queryClient.setQueryData<WorkspaceResponse>(
      key,
      outboxOf(queryClient)?.withPending('workspace', caughtUp) ?? caughtUp,
    );
    await tellChangesHeard(queryClient, answer);
    // An admin changed the account's features: the menus follow the session (decision 057).
    if (answer.accountChanged) await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    if (!answer.more) return;
  }
  return readWhole();
}
