import { z } from 'zod';
import {
  AccountFeatureFlagsBodySchema,
  AdminActionsResponseSchema,
  AdminOverviewSchema,
  AdminUserResponseSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
} from './admin.ts';
import { defineEndpoints, IdParamsSchema } from './endpoint.ts';

const tags = ['admin'];
const description =
  'Only for the addresses in the server setting ADMIN_EMAILS; anyone else gets 404 (decision 057).';
const NoBodySchema = z.object({}).strict().nullish();

/** The instance admin page (issue 33, part B; docs/decisions/057-instance-admin.md). */
export const adminApi = defineEndpoints({
  getAdminOverview: {
    method: 'GET',
    path: '/api/v1/admin/overview',
    summary: 'Figures of the instance: accounts, tasks, database size',
    description,
    tags,
    auth: 'session',
    responses: { 200: AdminOverviewSchema },
    errors: ['NOT_FOUND'],
  },
  listAdminUsers: {
    method: 'GET',
    path: '/api/v1/admin/users',
    summary: 'Accounts, found by part of their address',
    description,
    tags,
    auth: 'session',
    query: AdminUsersQuerySchema,
    responses: { 200: AdminUsersResponseSchema },
    errors: ['NOT_FOUND'],
  },
  disableUser: {
    method: 'POST',
    path: '/api/v1/admin/users/:id/disable',
    summary: 'Disable an account: its sessions and live streams end, it cannot sign in',
    description,
    tags,
    auth: 'session',
    params: IdParamsSchema,
    body: NoBodySchema,
    responses: { 200: AdminUserResponseSchema },
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  },
  enableUser: {
    method: 'POST',
    path: '/api/v1/admin/users/:id/enable',
    summary: 'Let a disabled account sign in again',
    description,
    tags,
    auth: 'session',
    params: IdParamsSchema,
    body: NoBodySchema,
    responses: { 200: AdminUserResponseSchema },
    errors: ['NOT_FOUND'],
  },
  setUserFeatureFlags: {
    method: 'PUT',
    path: '/api/v1/admin/users/:id/feature-flags',
    summary: 'Set the features an account gets, or let it follow the server setting',
    description,
    tags,
    auth: 'session',
    params: IdParamsSchema,
    body: AccountFeatureFlagsBodySchema,
    responses: { 200: AdminUserResponseSchema },
    errors: ['NOT_FOUND'],
  },
  listAdminActions: {
    method: 'GET',
    path: '/api/v1/admin/actions',
    summary: 'What the admins did, the newest first',
    description,
    tags,
    auth: 'session',
    responses: { 200: AdminActionsResponseSchema },
    errors: ['NOT_FOUND'],
  },
});
