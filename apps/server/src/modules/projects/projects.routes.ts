import type { FastifyPluginAsync } from 'fastify';
import { endpointUrl } from '@hustle/shared/endpoint';
import { projectsApi } from '@hustle/shared/projects.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { Policy } from '../policy/policy.service.ts';
import { createCommandRouter, registerCommands } from '../workspaces/command-routes.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import { createProjectCommands } from './projects.commands.ts';
import type { ProjectsService } from './projects.service.ts';

export const projectsRoutes: FastifyPluginAsync<{
  projects: ProjectsService;
  writes: WritePath;
  policy: Policy;
  requireSession: RequireSession;
}> = async (app, { projects, writes, policy, requireSession }) => {
  const route = createRouter(app, { requireSession });

  const command = createCommandRouter(app, { requireSession, writes });
  registerCommands(command, projectsApi, createProjectCommands({ policy }), {
    // The spec's move-project names the workspace in its path.
    moveProject: { workspaceOf: ({ params }) => params.id },
  });

  route(projectsApi.listArchivedProjects, async (request) =>
    projects.listArchived(request.session, request.params.id),
  );

  // Decision 035: the spec's call answers the first page; a Link header names the next.
  route(projectsApi.listProjectTasks, async (request, reply) => {
    const { id } = request.params;
    const page = await projects.tasksPage(request.session, id);
    if (page.next) {
      const next = endpointUrl(projectsApi.getProjectTasksPage, {
        params: { id },
        query: { after: page.next },
      });
      reply.header('link', `<${next}>; rel="next"`);
    }
    return page.tasks;
  });

  route(projectsApi.getProjectTasksPage, async (request) =>
    projects.tasksPage(request.session, request.params.id, request.query),
  );
};
