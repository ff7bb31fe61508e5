import type { remindersApi } from '@hustle/shared/reminders.api';
import { isReminderInPast, storedRemindAt } from '@hustle/shared/reminders';
import { AppError } from '../../lib/errors.ts';
import type { Policy } from '../policy/policy.service.ts';
import { findChangeable, setReminder, workspacesShowing } from '../tasks/tasks.service.ts';
import type { CommandHandler } from '../workspaces/command-routes.ts';

type Api = typeof remindersApi;

/** Issue 30 item 5, decision 080: a task's reminder, through the one write path. */
export function createReminderCommands(deps: { policy: Policy }): {
  setTaskReminder: CommandHandler<Api['setTaskReminder']>;
} {
  const { policy } = deps;
  return {
    /**
     * The reminder is the task's, shown to everyone who sees it as a deadline is; it reminds
     * whoever set it. A time already past is refused: it could never fire.
     */
    async setTaskReminder(uow, { workspaceId: ws, params, body }) {
      const { trx } = uow;
      const task = await findChangeable(trx, policy, ws, params.id, body.projectId);
      const remindAt = storedRemindAt(body.remindAt);
      if (remindAt !== null && isReminderInPast(remindAt, new Date(uow.now))) {
        throw new AppError('VALIDATION_FAILED', 'A reminder time cannot be in the past.');
      }
      const reminded = remindAt === null ? null : ws;
      if (
        (task.remind_at ?? null) === remindAt &&
        (task.remind_workspace_id ?? null) === reminded
      ) {
        return;
      }
      await setReminder(trx, task.id, { remindAt, workspaceId: reminded }, uow.now);
      uow.changed(await workspacesShowing(trx, task), 'task', task.id);
    },
  };
}
