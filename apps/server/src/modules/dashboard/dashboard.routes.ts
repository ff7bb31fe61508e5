import type { FastifyPluginAsync } from 'fastify';
import { WorkspaceResponseSchema } from '@hustle/shared/workspace';
import { workspaceApi } from '@hustle/shared/workspace.api';
import {
  COMPRESSION_THRESHOLD_BYTES,
  encode,
  preferredEncoding,
  type Encoding,
} from '../../plugins/compression.ts';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import { createAnswerCache } from './answer-cache.ts';
import type { DashboardService } from './dashboard.service.ts';

/** Room for the last answers of a few hundred workspaces (each at most about 1 MB). */
const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

export const dashboardRoutes: FastifyPluginAsync<{
  dashboard: DashboardService;
  requireSession: RequireSession;
}> = async (app, { dashboard, requireSession }) => {
  const route = createRouter(app, { requireSession });

  // Issue 12: a workspace read whose version the client already holds answers 304 without
  // being rebuilt. `no-cache` makes the browser revalidate with If-None-Match every time.
  const { getWorkspace } = workspaceApi;
  const workspaceReads = new Set([getWorkspace.path, ...getWorkspace.aliases]);
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !workspaceReads.has(request.routeOptions.url ?? '')) return;
    const { id } = request.params as { id: string };
    const tag = await dashboard.workspaceTag(request.session, id);
    reply
      .header('etag', tag)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Authorization');
    if (request.headers['if-none-match'] === tag) return reply.code(304).send();
  });

  // An unchanged workspace is built and checked against the contract once per version on this
  // instance; later reads send the kept text (answer-cache.ts says why that stays correct),
  // compressed once per version for the clients that accept it (decision 036).
  const answers = createAnswerCache<Encoding>(ANSWER_CACHE_BYTES, encode);
  route(getWorkspace, async (request, reply) => {
    const { session } = request;
    const etag = reply.getHeader('etag');
    const tag = typeof etag === 'string' ? etag : null;
    const key = `${session.userId}:${request.params.id}`;
    let body = tag === null ? undefined : answers.get(key, tag);
    if (body === undefined) {
      const answer = await dashboard.getWorkspace(session, request.params.id);
      body = JSON.stringify(WorkspaceResponseSchema.parse(answer));
      // The tag was read before the answer was built: keep the answer only if no write came
      // in between, so a kept answer is always the one its tag names.
      if (tag?.startsWith(`W/"${answer.version}-`)) answers.set(key, tag, body);
    }
    reply.type('application/json; charset=utf-8');
    const encoding = body.length >= COMPRESSION_THRESHOLD_BYTES ? preferredEncoding(request) : null;
    const encoded = tag !== null && encoding ? answers.getEncoded(key, tag, encoding) : undefined;
    if (!encoded) return reply.send(body);
    // Sent as it is: the compression plugin passes an answer that has a Content-Encoding.
    return reply
      .header('content-encoding', encoding)
      .header('vary', 'Authorization, Accept-Encoding')
      .send(encoded);
  });

  route(workspaceApi.getWorkspacePage, async (request) =>
    dashboard.getPage(request.session, request.params.id, request.params.list, request.query.after),
  );

  route(workspaceApi.getWorkspaceVersion, async (request) => dashboard.getVersion(request.session));
};
