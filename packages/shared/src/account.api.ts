import { z } from 'zod';
import {
  AccountSessionsResponseSchema,
  DeleteAccountBodySchema,
  EmailChangeBodySchema,
  EmailChangeConfirmBodySchema,
  EmailChangedSchema,
  EmailChangeSentSchema,
  SignedOutResponseSchema,
} from './account.ts';
import { defineEndpoints, IdParamsSchema, NoContentSchema } from './endpoint.ts';
import { OkResponseSchema } from './tasks.ts';

const tags = ['account'];

/** The account screen (issue 17, part 4; docs/decisions/027-account.md). */
export const accountApi = defineEndpoints({
  listSessions: {
    method: 'GET',
    path: '/api/v1/account/sessions',
    summary: 'The devices signed in to the account',
    tags,
    auth: 'session',
    responses: { 200: AccountSessionsResponseSchema },
  },
  revokeSession: {
    method: 'POST',
    path: '/api/v1/account/sessions/:id/revoke',
    summary: 'Sign one device out; its next request and its live stream end',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: z.object({}).strict().nullish(),
    responses: { 200: OkResponseSchema },
    errors: ['NOT_FOUND'],
  },
  revokeOtherSessions: {
    method: 'POST',
    path: '/api/v1/account/sessions/revoke-others',
    summary: 'Sign out everywhere else',
    tags,
    auth: 'session',
    command: true,
    body: z.object({}).strict().nullish(),
    responses: { 200: SignedOutResponseSchema },
  },
  requestEmailChange: {
    method: 'POST',
    path: '/api/v1/account/email/request-code',
    summary: 'Mail a code to the new address',
    tags,
    auth: 'session',
    body: EmailChangeBodySchema,
    responses: { 200: EmailChangeSentSchema },
  },
  confirmEmailChange: {
    method: 'POST',
    path: '/api/v1/account/email/confirm',
    summary: 'Enter the code: the account signs in with the new address from now on',
    tags,
    auth: 'session',
    body: EmailChangeConfirmBodySchema,
    responses: { 200: EmailChangedSchema },
    errors: ['CODE_INVALID', 'CODE_EXPIRED', 'EMAIL_TAKEN'],
  },
  deleteAccount: {
    method: 'POST',
    path: '/api/v1/account/delete',
    summary: 'Erase the account and everything it owns; members lose its shared projects',
    tags,
    auth: 'session',
    body: DeleteAccountBodySchema,
    responses: { 204: NoContentSchema },
    errors: ['UNAVAILABLE'],
  },
});
