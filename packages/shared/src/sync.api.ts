import { defineEndpoints } from './endpoint.ts';
import { SyncQuerySchema, SyncResponseSchema } from './sync.ts';

const tags = ['sync'];

/** Incremental sync (ARCHITECTURE §7, decision 020): the changes since a workspace version. */
export const syncApi = defineEndpoints({
  getSync: {
    method: 'GET',
    path: '/api/v1/sync',
    summary: "What changed in the caller's workspace since a version, or: take a snapshot",
    description:
      'Answers `kind: "changes"` with the current state of every entity changed after `since` ' +
      '(at most `limit` change-log rows; `more` says another page waits), or `kind: "snapshot"` ' +
      'when the copy is too old or not of this history: read GET /workspaces/{id} again.',
    tags,
    auth: 'session',
    query: SyncQuerySchema,
    responses: { 200: SyncResponseSchema },
    errors: ['NOT_FOUND'],
  },
});
