import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AutomationSchema,
  AutomationStatusItemSchema,
  CreateAutomationBodySchema,
} from '@hustle/shared/automations';
import type { RequireSession } from '../auth/require-session.ts';
import type { AutomationsService } from './automations.service.ts';

const tags = ['automations'];

export const automationsRoutes: FastifyPluginAsyncZod<{
  automations: AutomationsService;
  requireSession: RequireSession;
}> = async (app, { automations, requireSession }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/api/v1/automations',
    {
      schema: {
        tags,
        summary: "The workspace's automations",
        response: { 200: z.array(AutomationSchema) },
      },
    },
    async (request) => automations.list(request.session),
  );

  app.post(
    '/api/v1/automations',
    {
      schema: {
        tags,
        summary: 'Create a monthly automation',
        description: 'Accepts {trigger, steps} or {day, actions} (both readings of spec §3).',
        body: CreateAutomationBodySchema,
        response: { 200: AutomationSchema },
      },
    },
    async (request) => automations.create(request.session, request.body),
  );

  app.delete(
    '/api/v1/automations/:id',
    {
      schema: {
        tags,
        summary: 'Delete an automation (its tasks stay)',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await automations.remove(request.session, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/automation-status',
    {
      schema: {
        tags,
        summary: "This month's status of each automation",
        response: { 200: z.array(AutomationStatusItemSchema) },
      },
    },
    async (request) => automations.statuses(request.session),
  );
};
