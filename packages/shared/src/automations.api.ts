import { z } from 'zod';
import {
  AutomationSchema,
  AutomationStatusItemSchema,
  CreateAutomationBodySchema,
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
    summary: 'Create a monthly automation',
    description: 'Accepts {trigger, steps} or {day, actions} (both readings of spec §3).',
    tags,
    auth: 'session',
    command: true,
    body: CreateAutomationBodySchema,
    responses: { 200: AutomationSchema },
    errors: ['NOT_FOUND', 'AUTOMATION_LIMIT_REACHED'],
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
  listAutomationStatuses: {
    method: 'GET',
    path: '/api/v1/automation-status',
    summary: "This month's status of each automation",
    tags,
    auth: 'session',
    responses: { 200: z.array(AutomationStatusItemSchema) },
  },
});
