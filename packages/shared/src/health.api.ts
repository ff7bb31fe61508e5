import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

const tags = ['health'];
const StatusSchema = z.object({ status: z.string() });
const ReadinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  dialect: z.enum(['sqlite', 'postgres']),
});

/** ARCHITECTURE §6: liveness and readiness for a load balancer. */
export const healthApi = defineEndpoints({
  checkHealth: {
    method: 'GET',
    path: '/healthz',
    summary: 'The process is up',
    tags,
    auth: 'none',
    responses: { 200: StatusSchema },
  },
  checkReadiness: {
    method: 'GET',
    path: '/readyz',
    summary: 'The database answers',
    description:
      'A load balancer sends traffic only to instances answering 200; 503 (same body) while ' +
      'the database cannot be reached.',
    tags,
    auth: 'none',
    responses: { 200: ReadinessSchema, 503: ReadinessSchema },
  },
});
