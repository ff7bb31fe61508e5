import { z } from 'zod';
import { defineEndpoints, IdParamsSchema } from './endpoint.ts';
import { UndoableResponseSchema } from './undo.ts';
import {
  ArchivedProjectSchema,
  CreateProjectBodySchema,
  CreateProjectResponseSchema,
  MoveProjectBodySchema,
  ProjectCommandBodySchema,
  PROJECT_TASKS_PAGE_SIZE,
  ProjectSchema,
  ProjectTasksPageQuerySchema,
  ProjectTasksPageSchema,
  ProjectTasksResponseSchema,
  RenameProjectBodySchema,
  SetColorBodySchema,
} from './projects.ts';
import { OkResponseSchema } from './tasks.ts';

const tags = ['projects'];
/** spec §7 shows archive and unarchive with no body, or with the workspace id. */
const OptionalCommandSchema = ProjectCommandBodySchema.nullish();

export const projectsApi = defineEndpoints({
  createProject: {
    method: 'POST',
    path: '/api/v1/projects',
    summary: 'Create a project (first or last)',
    tags,
    auth: 'session',
    command: true,
    body: CreateProjectBodySchema,
    responses: { 200: CreateProjectResponseSchema },
    errors: ['NOT_FOUND', 'PROJECT_LIMIT_REACHED', 'ID_TAKEN'],
  },
  renameProject: {
    method: 'PUT',
    path: '/api/v1/projects/:id/rename',
    summary: 'Rename (owner only)',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: RenameProjectBodySchema,
    responses: { 200: OkResponseSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  },
  setProjectColor: {
    method: 'PUT',
    path: '/api/v1/projects/:id/color',
    summary: 'Recolour (owner only)',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: SetColorBodySchema,
    responses: { 200: OkResponseSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  },
  archiveProject: {
    method: 'POST',
    path: '/api/v1/projects/:id/archive',
    summary: 'Archive (owner only)',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: OptionalCommandSchema,
    responses: { 200: UndoableResponseSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  },
  unarchiveProject: {
    method: 'POST',
    path: '/api/v1/projects/:id/unarchive',
    summary: 'Bring back (owner only); open tasks become IDLE',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: OptionalCommandSchema,
    responses: { 200: ProjectSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN', 'PROJECT_LIMIT_REACHED'],
  },
  deleteProject: {
    method: 'DELETE',
    path: '/api/v1/projects/:id',
    summary: 'Delete (owner only)',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    responses: { 200: UndoableResponseSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  },
  // Decision 010: ordering and the archived list are project queries, under a workspace path.
  listArchivedProjects: {
    method: 'GET',
    path: '/api/v1/workspaces/:id/archived-projects',
    summary: 'Archived projects (needs the archives access)',
    tags,
    auth: 'session',
    params: IdParamsSchema,
    responses: { 200: z.array(ArchivedProjectSchema) },
    errors: ['NOT_FOUND', 'ARCHIVES_NOT_AVAILABLE'],
  },
  moveProject: {
    method: 'PUT',
    path: '/api/v1/workspaces/:id/move-project',
    summary: 'Move a project to a new index in this workspace',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: MoveProjectBodySchema,
    responses: { 200: OkResponseSchema },
    errors: ['NOT_FOUND'],
  },
  listProjectTasks: {
    method: 'GET',
    path: '/api/v1/projects/:id/tasks',
    summary: "A project's tasks, open ones first; completed ones with done and completedAt",
    description:
      "Decision 035: the first page of the project's tasks (at most " +
      `${PROJECT_TASKS_PAGE_SIZE}), open ones in their order, then completed ones. When more ` +
      'follow, a `Link` header names the next page (`rel="next"`, getProjectTasksPage).',
    tags,
    auth: 'session',
    params: IdParamsSchema,
    responses: { 200: ProjectTasksResponseSchema },
    errors: ['NOT_FOUND'],
  },
  getProjectTasksPage: {
    method: 'GET',
    path: '/api/v1/projects/:id/tasks/pages',
    summary: "A page of a project's tasks, and the cursor of the next",
    description:
      'Decision 035: the tasks after `after` (the first page without it) in the order of ' +
      'listProjectTasks, at most `limit` of them, and `next`, the cursor of the page after.',
    tags,
    auth: 'session',
    params: IdParamsSchema,
    query: ProjectTasksPageQuerySchema,
    responses: { 200: ProjectTasksPageSchema },
    errors: ['NOT_FOUND'],
  },
});
