import { z } from 'zod';
import {
  AutomationHistorySchema,
  AutomationPeriodBodySchema,
  AutomationSchema,
  AutomationStatusItemSchema,
  CreateAutomationBodySchema,
  UpdateAutomationBodySchema,
} from './automations.ts';
import { defineEndpoints, IdParamsSchema } from './endpoint.ts';
import { UndoableResponseSchema } from './undo.ts';

const tags = ['automations'];

export const automationsApi = defineEndpoints({
  listAutomations: {
    method: 'GET',
    path: '/api/v1/automations',
    summary: "The workspace's automations",
    tags,
    auth: 'session',
    responses: { 200: z.array(AutomationSchema) },
  },
  createAutomation: {
    method: 'POST',
    path: '/api/v1/automations',
    summary: 'Create an automation',
    description:
      'Accepts {trigger, steps} or {day, actions} (both readings of spec §3). The trigger is ' +
      'MONTHLY {dayOfMonth}, WEEKLY {weekdays: 1 (Monday) … 7 (Sunday)}, DAILY, ' +
      'LAST_DAY_OF_MONTH, WEEKDAY_OF_MONTH {nth: 1–4 or -1 (last), weekday} or YEARLY ' +
      '{month, dayOfMonth}; any of them may repeat every {interval} periods counted from ' +
      '{startsOn} (decision 063). An optional projectId puts its tasks in that project.',
    tags,
    auth: 'session',
    command: true,
    body: CreateAutomationBodySchema,
    responses: { 200: AutomationSchema },
    errors: ['NOT_FOUND', 'AUTOMATION_LIMIT_REACHED', 'ID_TAKEN', 'PROJECT_ARCHIVED'],
  },
  deleteAutomation: {
    method: 'DELETE',
    path: '/api/v1/automations/:id',
    summary: 'Delete an automation (its tasks stay)',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    responses: { 200: UndoableResponseSchema },
    errors: ['NOT_FOUND'],
  },
  updateAutomation: {
    method: 'PUT',
    path: '/api/v1/automations/:id',
    summary: 'Edit an automation: its name, task name, trigger or project',
    description:
      'A new trigger takes effect like a new automation: from its next run date, counting today; ' +
      'a period that already ran does not run again.',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: UpdateAutomationBodySchema,
    responses: { 200: AutomationSchema },
    errors: ['NOT_FOUND', 'PROJECT_ARCHIVED'],
  },
  pauseAutomation: {
    method: 'POST',
    path: '/api/v1/automations/:id/pause',
    summary: 'Pause an automation: no runs until it is resumed',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    responses: { 200: AutomationSchema },
    errors: ['NOT_FOUND'],
  },
  resumeAutomation: {
    method: 'POST',
    path: '/api/v1/automations/:id/resume',
    summary: 'Resume a paused automation from its next run date; missed periods are not made up',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    responses: { 200: AutomationSchema },
    errors: ['NOT_FOUND'],
  },
  getAutomationHistory: {
    method: 'GET',
    path: '/api/v1/automations/:id/runs',
    summary: "An automation's past periods, newest first, and its coming run",
    tags,
    auth: 'session',
    params: IdParamsSchema,
    responses: { 200: AutomationHistorySchema },
    errors: ['NOT_FOUND'],
  },
  skipAutomationRun: {
    method: 'POST',
    path: '/api/v1/automations/:id/skip',
    summary: 'Skip a coming run (this month, or the next day for weekly and daily)',
    description: 'Recorded as a SKIPPED run; skipping a skipped period again changes nothing.',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: AutomationPeriodBodySchema,
    responses: { 200: AutomationHistorySchema },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  unskipAutomationRun: {
    method: 'POST',
    path: '/api/v1/automations/:id/unskip',
    summary: 'Undo a skip of a run still to come',
    description:
      'The run happens after all (at once, if its day has come). Undoing a skip twice changes nothing.',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: AutomationPeriodBodySchema,
    responses: { 200: AutomationHistorySchema },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  retryAutomationRun: {
    method: 'POST',
    path: '/api/v1/automations/:id/retry',
    summary: 'Run a failed period again, once',
    description: 'Retrying a period that has since run changes nothing.',
    tags,
    auth: 'session',
    command: true,
    params: IdParamsSchema,
    body: AutomationPeriodBodySchema,
    responses: { 200: AutomationHistorySchema },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  listAutomationStatuses: {
    method: 'GET',
    path: '/api/v1/automation-status',
    summary: "The current period's status of each automation",
    tags,
    auth: 'session',
    responses: { 200: z.array(AutomationStatusItemSchema) },
  },
});
