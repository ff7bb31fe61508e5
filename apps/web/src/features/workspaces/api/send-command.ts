import { api } from '../../../api/api-client.ts';
import type { Command } from '../model/commands.ts';
import { taskCommandBody } from '../../tasks/api/task-command-body.ts';

/**
 * Sends one command of the outbox (decision 028) with its Idempotency-Key: a repeat after a
 * lost answer gets the first answer again and changes nothing (decision 013).
 */
export function sendCommand(command: Command, workspaceId: string, idempotencyKey: string) {
  const headers = { 'Idempotency-Key': idempotencyKey };
  switch (command.kind) {
    case 'createTask':
      return api.createTask({
        headers,
        body: {
          id: command.taskId,
          workspaceId,
          projectId: command.projectId,
          name: command.name,
          planned: command.planned,
        },
      });
    case 'renameTask':
      return api.renameTask({
        headers,
        params: { id: command.taskId },
        body: { workspaceId, projectId: command.projectId, name: command.name },
      });
    case 'taskAction':
      return api.taskAction({
        headers,
        params: { id: command.taskId, action: command.action },
        body: taskCommandBody(workspaceId, command.projectId, command.isAutomation),
      });
    case 'moveTask':
      // spec §7: a drop at the top sends put-to-front, elsewhere reorder after the task before.
      return command.afterTaskId === null
        ? api.putTaskToFront({ headers, params: { id: command.taskId }, body: { workspaceId } })
        : api.reorderPlannedTask({
            headers,
            params: { id: command.taskId },
            body: { workspaceId, afterTaskId: command.afterTaskId },
          });
    case 'deleteTask':
      return api.deleteTask({
        headers,
        params: { id: command.taskId },
        body: taskCommandBody(workspaceId, command.projectId, command.isAutomation),
      });
    case 'hideCompleted':
      return api.hideCompletedTasks({ headers, body: {} });
    case 'idleAllPlanned':
      return api.idleAllPlannedTasks({ headers, body: {} });
    case 'createProject':
      return api.createProject({
        headers,
        body: { id: command.projectId, workspaceId, name: command.name, asFirst: command.asFirst },
      });
    case 'renameProject':
      return api.renameProject({
        headers,
        params: { id: command.projectId },
        body: { workspaceId, name: command.name },
      });
    case 'setProjectColor':
      return api.setProjectColor({
        headers,
        params: { id: command.projectId },
        body: { workspaceId, color: command.color },
      });
    case 'moveProject':
      return api.moveProject({
        headers,
        params: { id: workspaceId },
        body: { projectId: command.projectId, index: command.index },
      });
    case 'archiveProject':
      return api.archiveProject({
        headers,
        params: { id: command.projectId },
        body: { workspaceId },
      });
    case 'unarchiveProject':
      return api.unarchiveProject({
        headers,
        params: { id: command.projectId },
        body: { workspaceId },
      });
    case 'deleteProject':
      return api.deleteProject({ headers, params: { id: command.projectId } });
    case 'createAutomation':
      return api.createAutomation({
        headers,
        body: {
          id: command.automationId,
          workspaceId,
          ...(command.name ? { name: command.name } : {}),
          trigger: command.trigger,
          steps: [{ type: 'TASK', payload: { taskName: command.taskName } }],
        },
      });
    case 'deleteAutomation':
      return api.deleteAutomation({ headers, params: { id: command.automationId } });
    case 'updateAutomation':
      return api.updateAutomation({
        headers,
        params: { id: command.automationId },
        body: { name: command.name, trigger: command.trigger, taskName: command.taskName },
      });
    case 'pauseAutomation':
      return command.isPaused
        ? api.pauseAutomation({ headers, params: { id: command.automationId } })
        : api.resumeAutomation({ headers, params: { id: command.automationId } });
    case 'skipAutomationRun':
      return api.skipAutomationRun({
        headers,
        params: { id: command.automationId },
        body: { period: command.period },
      });
    case 'unskipAutomationRun':
      return api.unskipAutomationRun({
        headers,
        params: { id: command.automationId },
        body: { period: command.period },
      });
    case 'retryAutomationRun':
      return api.retryAutomationRun({
        headers,
        params: { id: command.automationId },
        body: { period: command.period },
      });
    case 'leaveProject':
      return api.leaveProject({
        headers,
        params: { projectId: command.projectId },
        body: { workspaceId },
      });
  }
}
