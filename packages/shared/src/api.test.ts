import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from './api.ts';
import { ERROR_STATUS } from './errors.ts';

const all = Object.values(endpoints);

describe('the endpoint table', () => {
  it('never declares one method and path twice', () => {
    const routes = all.flatMap((e) => [e.path, ...e.aliases].map((path) => `${e.method} ${path}`));
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('keeps every call of spec §7, with its method and path as the spec writes them', () => {
    const routes = new Set(
      all.flatMap((e) =>
        [e.path, ...e.aliases].map((path) => `${e.method} ${path.replace(/:(\w+)/g, '{$1}')}`),
      ),
    );
    const spec = [
      'GET /api/v1/session',
      'GET /api/v1/user/plan',
      'GET /workspaces/{id}',
      'GET /api/v1/workspaces/{id}/archived-projects',
      'GET /api/v1/projects/{id}/tasks',
      'GET /api/v1/dashboard/version',
      'POST /api/v1/projects',
      'PUT /api/v1/projects/{id}/rename',
      'PUT /api/v1/workspaces/{id}/move-project',
      'PUT /api/v1/projects/{id}/color',
      'POST /api/v1/projects/{id}/archive',
      'POST /api/v1/projects/{id}/unarchive',
      'DELETE /api/v1/projects/{id}',
      'POST /api/v1/projects/{projectId}/leave',
      'GET /api/v1/projects/{projectId}/invite-link',
      'POST /api/v1/tasks',
      'POST /api/v1/tasks/{id}/delete',
      'PUT /api/v1/tasks/{id}/rename',
      'PUT /api/v1/workspace/tasks/{id}/{action}',
      'PUT /api/v1/tasks/{id}/{action}',
      'PUT /api/v1/workspace/tasks/{id}/put-to-front',
      'PUT /api/v1/workspace/tasks/{id}/reorder',
      'POST /api/v1/workspace/hide-completed',
      'POST /api/v1/workspace/idle-all-planned',
      'GET /api/v1/automation-status',
      'GET /api/v1/automations',
      'DELETE /api/v1/automations/{id}',
      'POST /api/v1/automations',
      'GET /api/v1/invites/{inviteToken}',
      'POST /api/v1/invites/{inviteToken}/join',
      'POST /auth/code/authorize',
      'POST /auth/code/login',
      'GET /auth/magic/authorize',
      'POST /api/v1/user/plan/purchase',
    ];
    for (const call of spec) expect(routes, call).toContain(call);
    // ARCHITECTURE §4: the workspace is also served under /api/v1.
    expect(routes).toContain('GET /api/v1/workspaces/{id}');
  });

  it('declares only known error codes, and a success answer for every endpoint', () => {
    for (const endpoint of all) {
      for (const code of endpoint.errors)
        expect(ERROR_STATUS, endpoint.operation).toHaveProperty(code);
      const statuses = Object.keys(endpoint.responses).map(Number);
      expect(
        statuses.some((status) => status < 400),
        endpoint.operation,
      ).toBe(true);
      for (const schema of Object.values(endpoint.responses)) {
        expect(schema).toBeInstanceOf(z.ZodType);
      }
    }
  });

  it('lets every endpoint that needs a session answer UNAUTHORIZED', () => {
    for (const endpoint of all.filter((e) => e.auth !== 'none')) {
      expect(endpoint.errors, endpoint.operation).toContain('UNAUTHORIZED');
    }
  });
});
