import { WEBHOOK_EVENTS, type WebhookEvent } from '@hustle/shared/webhooks';

/** How each event is named where a person chooses it or reads the log. */
export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'task.created': 'Task added',
  'task.updated': 'Task changed',
  'task.completed': 'Task completed',
  'task.deleted': 'Task deleted',
  'project.created': 'Project added',
  'project.updated': 'Project changed',
  'project.archived': 'Project archived',
  'project.deleted': 'Project deleted',
  'automation.run': 'Automation ran',
};

/** The events in the contract's order, whatever order they were chosen in. */
export const inContractOrder = (events: readonly WebhookEvent[]): WebhookEvent[] =>
  WEBHOOK_EVENTS.filter((event) => events.includes(event));
