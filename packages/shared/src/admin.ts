import { z } from 'zod';
import { FEATURE_FLAGS } from './constants.ts';

/** The most users one answer of the admin page lists; a search narrows them down. */
export const ADMIN_USERS_PAGE = 50;
/** The most recorded admin actions the page lists, the newest first. */
export const ADMIN_ACTIONS_SHOWN = 50;

const FeatureFlagsSchema = z.array(z.enum(FEATURE_FLAGS));

/**
 * What an instance admin sets for one account (spec S3.35/S6.8: some accounts get both features,
 * some only automation, others none): a list of features, or null for the server's setting.
 */
export const AccountFeatureFlagsBodySchema = z
  .object({
    featureFlags: FeatureFlagsSchema.max(FEATURE_FLAGS.length)
      .refine((flags) => new Set(flags).size === flags.length, 'Name each feature once.')
      .nullable(),
  })
  .strict();

export const AdminUsersQuerySchema = z
  .object({
    /**
     * Part of an address, matched anywhere in it, ignoring case. An address holds only the
     * characters EmailSchema lets through, so a search for anything else (an undecodable
     * escape, which arrives still escaped) could never match and is refused instead.
     */
    q: z
      .string()
      .max(254, 'Search for at most 254 characters.')
      .regex(/^[\w'+.@ -]*$/, 'Search for letters, digits and signs an address can hold.')
      .optional(),
  })
  .strict();

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  plan: z.enum(['FREE', 'PREMIUM']),
  isTrial: z.boolean(),
  createdAt: z.string(),
  /** When the account last used a session; null when it never signed in since sessions expired. */
  lastSeenAt: z.string().nullable(),
  /** Tasks in the account's workspace and projects, done ones included. */
  tasks: z.number().int(),
  disabledAt: z.string().nullable(),
  /** The account's own setting; null follows the server's `FEATURE_FLAGS`. */
  featureFlags: FeatureFlagsSchema.nullable(),
  /** What the account gets now: its own setting or the server's. */
  effectiveFeatureFlags: FeatureFlagsSchema,
  isAdmin: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersResponseSchema = z.object({
  users: z.array(AdminUserSchema),
  /** How many accounts match the search; more than listed when above the page size. */
  matching: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>;

export const AdminOverviewSchema = z.object({
  users: z.number().int(),
  disabledUsers: z.number().int(),
  tasks: z.number().int(),
  databaseBytes: z.number().int(),
  /** The server's `FEATURE_FLAGS`: what an account without its own setting gets. */
  defaultFeatureFlags: FeatureFlagsSchema,
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

export const ADMIN_ACTION_KINDS = ['disable', 'enable', 'feature-flags'] as const;

export const AdminActionSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** The admin's address when they acted. */
  adminEmail: z.string(),
  kind: z.enum(ADMIN_ACTION_KINDS),
  targetEmail: z.string(),
  /** For a change of features: what they were set to (null: the server's setting). */
  featureFlags: FeatureFlagsSchema.nullable(),
});
export type AdminAction = z.infer<typeof AdminActionSchema>;

export const AdminActionsResponseSchema = z.object({ actions: z.array(AdminActionSchema) });

/** The account as it is after an admin's change. */
export const AdminUserResponseSchema = z.object({ user: AdminUserSchema });

/** What a disabled account is told when it signs in, or when its open page is signed out. */
export const ACCOUNT_DISABLED_MESSAGE =
  'This account has been disabled by the admin of this Hustle. Ask them to enable it again.';
