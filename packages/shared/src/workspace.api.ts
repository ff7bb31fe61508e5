import { z } from 'zod';
import { defineEndpoints, IdParamsSchema } from './endpoint.ts';
import {
  WorkspacePageParamsSchema,
  WorkspacePageQuerySchema,
  WorkspacePageSchema,
  WorkspaceResponseSchema,
  WorkspaceVersionSchema,
} from './workspace.ts';

const tags = ['workspaces'];

/** The workspace read model (decision 010: the server's dashboard module). */
export const workspaceApi = defineEndpoints({
  getWorkspace: {
    method: 'GET',
    // spec §7 names this path without /api/v1; ARCHITECTURE §4 serves it under both.
    path: '/workspaces/:id',
    aliases: ['/api/v1/workspaces/:id'],
    summary: 'The workspace: projects, inbox, planned list, access',
    tags,
    auth: 'session',
    params: IdParamsSchema,
    // Issue 12: the answer carries an ETag; a matching If-None-Match answers 304 unbuilt.
    responses: {
      200: WorkspaceResponseSchema,
      304: z.null().meta({ description: 'Not modified: If-None-Match holds the current ETag' }),
    },
    errors: ['NOT_FOUND'],
  },
  getWorkspacePage: {
    method: 'GET',
    path: '/api/v1/workspaces/:id/pages/:list',
    summary: 'The next page of the Execute list or of the inbox',
    description:
      'Decision 029: the workspace answer holds the first page of each long list and the ' +
      'cursor of the next (`more`); this answers the page after `after`, and its `next`.',
    tags,
    auth: 'session',
    params: WorkspacePageParamsSchema,
    query: WorkspacePageQuerySchema,
    responses: { 200: WorkspacePageSchema },
    errors: ['NOT_FOUND'],
  },
  getWorkspaceVersion: {
    method: 'GET',
    path: '/api/v1/dashboard/version',
    summary: "The caller's workspace version (changes with every visible change)",
    tags,
    auth: 'session',
    responses: { 200: WorkspaceVersionSchema },
    errors: ['NOT_FOUND'],
  },
});
