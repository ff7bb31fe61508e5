import type { FastifyPluginAsync } from 'fastify';
import { endpointUrl } from '@hustle/shared/endpoint';
import { projectsApi } from '@hustle/shared/projects.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { ProjectsService } from './projects.service.ts';

export const projectsRoutes: FastifyPluginAsync<{
  projects: ProjectsService;
  requireSession: RequireSession;
}> = async (app, { projects, requireSession }) => {
  const route = createRouter(app, { requireSession });

  route(projectsApi.createProject, async (request) =>
    projects.create(request.session, request.body),
  );

  route(projectsApi.renameProject, async (request) =>
    projects.rename(request.session, request.params.id, request.body),
  );

  route(projectsApi.setProjectColor, async (request) =>
    projects.setColor(request.session, request.params.id, request.body),
  );

  route(projectsApi.archiveProject, async (request) =>
    projects.archive(request.session, request.params.id, request.body?.workspaceId),
  );

  route(projectsApi.unarchiveProject, async (request) =>
    projects.unarchive(request.session, request.params.id, request.body?.workspaceId),
  );

  route(projectsApi.deleteProject, async (request) =>
    projects.remove(request.session, request.params.id),
  );

  route(projectsApi.listArchivedProjects, async (request) =>
    projects.listArchived(request.session, request.params.id),
  );

  route(projectsApi.moveProject, async (request) =>
    projects.moveProject(
      request.session,
      request.params.id,
      request.body.projectId,
      request.body.index,
    ),
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
