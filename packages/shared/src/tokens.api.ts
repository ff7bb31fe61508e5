import { z } from 'zod';
import { defineEndpoints, IdParamsSchema, NoContentSchema } from './endpoint.ts';
import {
  CreatedTokenSchema,
  CreateTokenBodySchema,
  PersonalTokensResponseSchema,
} from './tokens.ts';

const tags = ['tokens'];

/** Personal access tokens (issue 32): made and revoked by a signed-in session only. */
export const tokensApi = defineEndpoints({
  listTokens: {
    method: 'GET',
    path: '/api/v1/tokens',
    summary: "The account's access tokens, newest first (never their secrets)",
    tags,
    auth: 'session',
    responses: { 200: PersonalTokensResponseSchema },
  },
  createToken: {
    method: 'POST',
    path: '/api/v1/tokens',
    summary: 'Make an access token; its secret is in this answer only',
    tags,
    auth: 'session',
    body: CreateTokenBodySchema,
    responses: { 201: CreatedTokenSchema },
    errors: ['TOKEN_LIMIT_REACHED'],
  },
  revokeToken: {
    method: 'POST',
    path: '/api/v1/tokens/:id/revoke',
    summary: 'Revoke an access token: its next request is refused',
    tags,
    auth: 'session',
    params: IdParamsSchema,
    body: z.object({}).strict().nullish(),
    responses: { 204: NoContentSchema },
    errors: ['NOT_FOUND'],
  },
});
