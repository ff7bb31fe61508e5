import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { IMPORT_CAPS } from '@hustle/shared/constants';
import { portabilityApi } from '@hustle/shared/portability.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { PortabilityService } from './portability.service.ts';

/** A whole account's document is larger than any other request, yet bounded. */
const importBody = { bodyLimit: IMPORT_CAPS.maxBytes };

export const portabilityRoutes: FastifyPluginAsync<{
  portability: PortabilityService;
  requireSession: RequireSession;
}> = async (app, { portability, requireSession }) => {
  const route = createRouter(app, { requireSession });

  // Streamed past the serialiser: the document is written as it is read (decision 045).
  route(portabilityApi.exportData, async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(Readable.from(portability.exportJson(request.session), { objectMode: false })),
  );

  route(
    portabilityApi.previewImport,
    async (request) => portability.preview(request.session, request.body),
    importBody,
  );

  route(
    portabilityApi.importData,
    async (request) => portability.importData(request.session, request.body),
    importBody,
  );
};
