import type { FastifyPluginAsync } from 'fastify';
import { remindersApi } from '@hustle/shared/reminders.api';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { Policy } from '../policy/policy.service.ts';
import { createCommandRouter, registerCommands } from '../workspaces/command-routes.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import { createReminderCommands } from './reminders.commands.ts';
import type { RemindersService } from './reminders.service.ts';

/** Issue 30 item 5: a task's reminder (a command) and the browsers that receive reminders. */
export const remindersRoutes: FastifyPluginAsync<{
  reminders: RemindersService;
  writes: WritePath;
  policy: Policy;
  requireSession: RequireSession;
}> = async (app, { reminders, writes, policy, requireSession }) => {
  const command = createCommandRouter(app, { requireSession, writes });
  registerCommands(command, remindersApi, createReminderCommands({ policy }));
  const route = createRouter(app, { requireSession });

  route(remindersApi.getPushKey, () => reminders.publicKey());

  route(remindersApi.subscribePush, async (request, reply) => {
    await reminders.subscribe(request.session.userId, request.body);
    return reply.code(204).send(null);
  });

  route(remindersApi.unsubscribePush, async (request, reply) => {
    await reminders.unsubscribe(request.session.userId, request.body.endpoint);
    return reply.code(204).send(null);
  });
};
