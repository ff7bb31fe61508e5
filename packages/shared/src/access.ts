import { z } from 'zod';

/** spec §3 Access: what the user's plan allows; null limits mean "no limit". */
export const AccessSchema = z.object({
  archives: z.boolean(),
  projectSharing: z.boolean(),
  projectsLimit: z.number().int().nullable(),
  automationsLimit: z.number().int().nullable(),
});
export type Access = z.infer<typeof AccessSchema>;

/** ARCHITECTURE §5 / spec §6 plan limits. */
export const FREE_ACCESS: Access = {
  archives: false,
  projectSharing: false,
  projectsLimit: 5,
  automationsLimit: 2,
};
export const PREMIUM_ACCESS: Access = {
  archives: true,
  projectSharing: true,
  projectsLimit: null,
  automationsLimit: null,
};

/** spec §3: what the client assumes until the server says otherwise. */
export const CLIENT_DEFAULT_ACCESS: Access = {
  archives: false,
  projectSharing: false,
  projectsLimit: 5,
  automationsLimit: 3,
};

export const hasReachedLimit = (limit: number | null, count: number): boolean =>
  limit !== null && count >= limit;
