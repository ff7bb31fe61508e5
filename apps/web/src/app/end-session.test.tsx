import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readLocalRange } from '../sync/store/local-store.ts';
import { readSealedChanges, unsealChanges } from '../sync/outbox/sealed-changes.ts';
import { openOutbox } from '../sync/outbox/outbox.ts';
import { closeOutbox, useOutboxState } from '../sync/outbox/outbox-state.ts';
import { LoginScreen } from '../features/auth/login-screen.tsx';
import { json, renderWithRouter, stubApi } from '../test/render-app.tsx';
import { aSession, aTask, aWorkspace, signedInQueryClient } from '../test/workspace-fixture.tsx';
import { endSignedInSession } from './end-session.ts';
import { eraseSignedInData } from '../sync/store/persisted-cache.ts';

const rename = (taskId: string, name: string) =>
  ({ kind: 'renameTask', taskId, projectId: null, name }) as const;
const kept = (userId: string) => readLocalRange(`outbox:${userId}:`);

/** Ada made two changes offline; the outbox keeps them. */
async function adaWithChangesWaiting() {
  onlineManager.setOnline(false);
  const queryClient = signedInQueryClient(aSession(), aWorkspace({ tasks: [aTask('a')] }));
  const outbox = openOutbox(queryClient, 'u1', 'w1');
  await outbox.start();
  outbox.run(rename('a', 'Call Anna'));
  outbox.run(rename('a', 'Call Anna today'));
  await waitFor(async () => expect(await kept('u1')).toHaveLength(2));
  return queryClient;
}

afterEach(async () => {
  onlineManager.setOnline(true);
  unsealChanges();
  await eraseSignedInData();
});

describe('changes waiting when a session ends (issue 28)', () => {
  it('are kept for the same user when the server ends the session, and sent once they are back', async () => {
    const queryClient = await adaWithChangesWaiting();
    await endSignedInSession(queryClient, 'rejected');
    expect(readSealedChanges()).toEqual({ userId: 'u1', email: 'ada@example.com', count: 2 });
    expect(await kept('u1')).toHaveLength(2);

    // The sign-in screen says so.
    renderWithRouter(<LoginScreen />, { route: '/login' });
    expect(
      screen.getByText(
        (_, element) =>
          element?.textContent ===
          '2 changes made in this browser are kept for ada@example.com. Sign in with that address to send them.',
      ),
    ).toHaveAttribute('role', 'note');

    // Another user signing in here never reads them.
    const beaClient = signedInQueryClient(aSession({ userId: 'u2' }));
    await openOutbox(beaClient, 'u2', 'w2').start();
    expect(useOutboxState.getState().waiting).toBe(0);
    closeOutbox(beaClient);
    expect(await kept('u1')).toHaveLength(2);
    expect(readSealedChanges()?.userId).toBe('u1');

    // Ada again: they are hers, and go out in order.
    const sent: string[] = [];
    stubApi({
      'PUT /api/v1/tasks/a/rename': (init) => {
        sent.push(JSON.parse(String(init?.body)).name);
        return json(200, { ok: true, version: 3 });
      },
    });
    onlineManager.setOnline(true);
    const again = signedInQueryClient(aSession(), aWorkspace({ tasks: [aTask('a')] }));
    await openOutbox(again, 'u1', 'w1').start();
    expect(readSealedChanges()).toBeNull();
    await waitFor(() => expect(sent).toEqual(['Call Anna', 'Call Anna today']));
    closeOutbox(again);
  });

  it('go with the rest when the user signs out on purpose', async () => {
    const queryClient = await adaWithChangesWaiting();
    await endSignedInSession(queryClient, 'signed-out');
    expect(readSealedChanges()).toBeNull();
    expect(await kept('u1')).toEqual([]);
  });
});
