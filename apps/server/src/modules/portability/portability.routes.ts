import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { IMPORT_CAPS } from '@hustle/shared/constants';
import { portabilityApi } from '@hustle/shared/portability.api';
import { createTurns } from '../../lib/one-at-a-time.ts';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import { isReadDocument, readImportDocument } from './document-reader.ts';
import type { PortabilityService } from './portability.service.ts';

/**
 * The reader checked the document against the contract as it streamed in (decision 045), so it
 * is not checked twice; a body of another media type (a form) and anything else a route
 * declares are checked as on every route.
 */
const bodyCheckedByReader: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return route.httpPart === 'body'
    ? (data) => (isReadDocument(data) ? { value: data } : validate(data))
    : validate;
};

/** A whole account's document is larger than any other request, yet bounded. */
const importRoute = { bodyLimit: IMPORT_CAPS.maxBytes, validatorCompiler: bodyCheckedByReader };

export const portabilityRoutes: FastifyPluginAsync<{
  portability: PortabilityService;
  requireSession: RequireSession;
}> = async (app, { portability, requireSession }) => {
  const route = createRouter(app, { requireSession });

  // One import document at a time in this process, from reading its body to its answer: the
  // checked document is held while it is planned and written, about 1 kB of heap a task, so two
  // of the largest at once could exhaust the heap (decision 045). A waiting body is not read.
  const importTurns = createTurns();
  app.addHook('preParsing', async (request, reply) => {
    if (request.method !== 'POST') return;
    const giveBack = await importTurns.take();
    if (reply.raw.destroyed || reply.raw.writableFinished) giveBack();
    else reply.raw.once('close', giveBack);
  });

  // The two import routes read JSON as it arrives, an item at a time (decision 045); this
  // parser is theirs only, as the plugin's context is.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    async (request: FastifyRequest, payload: AsyncIterable<Buffer>) =>
      readImportDocument(payload, {
        maxBytes: request.routeOptions.bodyLimit ?? IMPORT_CAPS.maxBytes,
        declaredBytes: Number(request.headers['content-length'] ?? Number.NaN) || undefined,
      }),
  );

  // Streamed past the serialiser: the document is written as it is read (decision 045).
  route(portabilityApi.exportData, async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(Readable.from(portability.exportJson(request.session), { objectMode: false })),
  );

  route(
    portabilityApi.previewImport,
    async (request) => portability.preview(request.session, request.body),
    importRoute,
  );

  route(
    portabilityApi.importData,
    async (request) => portability.importData(request.session, request.body),
    importRoute,
  );
};
