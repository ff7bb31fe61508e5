import { suggestedNameFor, triggerText } from '@hustle/shared/automations';
import type { Command } from '@hustle/shared/commands/commands';
import type { QuickAdd } from '@hustle/shared/quick-add/quick-add-parts';
import { useCallback } from 'react';
import { useRunCommand } from '../../../sync/outbox/run-command.ts';
import { newEntityId } from '../../../sync/workspace/new-entity-id.ts';
import { useToastStore } from '../../../ui/toast-store.ts';
import { useCreateTask } from '../api/create-task.ts';

/**
 * The commands one quick add sends (decision 062): the existing ones, in order, so the outbox,
 * undo and sync treat them as if each had been given by hand — a new project before the task in
 * it, the task, then its day, its deadline, its estimate and its reminder; a repeat is an automation, in that project,
 * instead of a task.
 */
export function quickAddCommands(
  name: string,
  quick: QuickAdd,
  where: { projectId: string | null; planned: boolean },
  at: string,
): Command[] {
  const commands: Command[] = [];
  let projectId = where.projectId;
  if (quick.project && 'newName' in quick.project) {
    projectId = newEntityId();
    commands.push({
      kind: 'createProject',
      projectId,
      name: quick.project.newName,
      asFirst: false,
      createdAt: at,
    });
  } else if (quick.project) {
    projectId = quick.project.id;
  }
  if (quick.trigger) {
    // The automation adds its tasks where the field adds them, or to the project named.
    commands.push({
      kind: 'createAutomation',
      automationId: newEntityId(),
      name: suggestedNameFor(quick.trigger, name),
      trigger: quick.trigger,
      taskName: name,
      createdAt: at,
      ...(projectId ? { projectId } : {}),
    });
    return commands;
  }
  const taskId = newEntityId();
  // A day other than today is planned after the create, so the task never shows on today's list.
  const planned = quick.day ? quick.day === quick.today : where.planned;
  commands.push({ kind: 'createTask', taskId, name, projectId, planned, createdAt: at });
  if (quick.day && quick.day !== quick.today) {
    commands.push({
      kind: 'planTaskForDay',
      taskId,
      projectId,
      isAutomation: false,
      day: quick.day,
      at,
    });
  }
  if (quick.deadline) {
    commands.push({ kind: 'setTaskDeadline', taskId, projectId, deadline: quick.deadline });
  }
  if (quick.estimate !== null) {
    commands.push({ kind: 'setTaskEstimate', taskId, projectId, estimate: quick.estimate });
  }
  if (quick.remindAt !== null) {
    commands.push({ kind: 'setTaskReminder', taskId, projectId, remindAt: quick.remindAt });
  }
  return commands;
}

/**
 * Adds tasks one per name, as AddTaskControl hands them over, or what a quick add says. The
 * returned promise rejects when any of them fails, so the control can put the text back (the
 * command's toast says what failed).
 */
export function useAddTasks({
  projectId = null,
  planned = false,
  askToNotify,
}: {
  projectId?: string | null;
  planned?: boolean;
  /**
   * Asks the browser to show notifications (the reminders feature's turnOnNotifications, which
   * the screen hands in: a feature imports no other, decision 065).
   */
  askToNotify: () => Promise<unknown>;
}) {
  // Only the query client and the toast store are read: Plan holds one of these per project card.
  const run = useRunCommand();
  const { mutate: createTask } = useCreateTask();
  return useCallback(
    async (names: string[], quick?: QuickAdd) => {
      const at = new Date().toISOString();
      for (const name of names) {
        if (!quick) createTask({ name, projectId, planned });
        else
          for (const command of quickAddCommands(name, quick, { projectId, planned }, at))
            run(command);
      }
      // A reminder set here asks the browser, as the task details' field does (decision 083): now,
      // within the Enter that set it. The task keeps its reminder whatever the answer; its
      // details say what the answer means.
      if (quick?.remindAt) void askToNotify();
      // A repeat adds no row to the list: the toast says where it went.
      if (quick?.trigger) {
        useToastStore.getState().addToast({
          message: `Repeat added: ${triggerText(quick.trigger).toLowerCase()}. Find it under Automation.`,
        });
      }
    },
    [run, createTask, projectId, planned, askToNotify],
  );
}
