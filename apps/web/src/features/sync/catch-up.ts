import type { QueryClient } from '@tanstack/react-query';
import type { SyncChanges } from '@hustle/shared/sync';
import { applySyncChanges } from '@hustle/shared/sync-apply';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { api } from '../../api/api-client.ts';
import { sessionQueryKey } from '../../api/session.ts';
import { automationStatusQueryKey } from '../automations/api/get-automation-status.ts';
import { automationsQueryKey } from '../automations/api/get-automations.ts';
import { workspaceQueryKey } from '../workspaces/api/get-workspace.ts';
import { outboxOf } from '../workspaces/api/outbox-state.ts';
import { WORKSPACE_MUTATION } from '../workspaces/api/use-workspace-mutation.ts';

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
    // A change of our own still on its way rereads the workspace when it settles, and a copy
    // replaced meanwhile is newer than the one these changes apply to: either way, stop here.
    // (Commands of the outbox are applied again on top instead, decision 028.)
    if (queryClient.isMutating({ mutationKey: WORKSPACE_MUTATION }) > 0) return;
    if (queryClient.getQueryData(key) !== shown) return;
    if (answer.kind === 'snapshot') return readWhole();
    const caughtUp = applySyncChanges(shown, answer);
    queryClient.setQueryData<WorkspaceResponse>(
      key,
      outboxOf(queryClient)?.withPending('workspace', caughtUp) ?? caughtUp,
    );
    await refreshAutomationLists(queryClient, answer);
    // An admin changed the account's features: the menus follow the session (decision 057).
    if (answer.accountChanged) await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    if (!answer.more) return;
  }
  return readWhole();
}

/** The Configure screen's lists are read apart from the workspace: reread them if they changed. */
async function refreshAutomationLists(queryClient: QueryClient, changes: SyncChanges) {
  if (changes.automationRules.length === 0 && changes.removed.automationRules.length === 0) return;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: automationsQueryKey }),
    queryClient.invalidateQueries({ queryKey: automationStatusQueryKey }),
  ]);
}
