import type { FastifyPluginAsync } from 'fastify';
import { tokensApi } from '@hustle/shared/tokens.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { SessionGuard } from '../../plugins/contract-routes.ts';
import type { TokensService } from './tokens.service.ts';

export interface TokensRoutesOptions {
  tokens: TokensService;
  requireSession: SessionGuard;
}

export const tokensRoutes: FastifyPluginAsync<TokensRoutesOptions> = async (app, opts) => {
  const { tokens, requireSession } = opts;
  const route = createRouter(app, { requireSession });

  route(tokensApi.listTokens, async (request) => ({
    tokens: await tokens.list(request.session.userId),
  }));

  route(tokensApi.createToken, async (request, reply) => {
    const created = await tokens.create(request.session.userId, request.body);
    return reply.code(201).send(created);
  });

  route(tokensApi.revokeToken, async (request, reply) => {
    await tokens.revoke(request.session.userId, request.params.id);
    return reply.code(204).send(null);
  });
};
