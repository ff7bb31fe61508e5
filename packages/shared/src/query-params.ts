import { z } from 'zod';

/**
 * A whole number sent in a query string (a sync version, a page's size): digits only, at most
 * 15 of them so it stays an exact JavaScript number.
 */
export const WholeNumberParamSchema = z
  .string()
  .regex(/^\d{1,15}$/, 'Give a whole number.')
  .transform(Number);
