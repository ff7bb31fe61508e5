import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlanResponseSchema } from '@hustle/shared/plans';
import type { RequireSession } from '../auth/require-session.ts';
import type { PlanService } from './plan.service.ts';

export const billingRoutes: FastifyPluginAsyncZod<{
  plans: PlanService;
  requireSession: RequireSession;
}> = async (app, { plans, requireSession }) => {
  app.get(
    '/api/v1/user/plan',
    {
      onRequest: requireSession,
      schema: {
        tags: ['billing'],
        summary: "The user's plan",
        response: { 200: PlanResponseSchema },
      },
    },
    async (request) => plans.planOfUser(request.session.userId),
  );
};
