import { z } from 'zod';
import { nameText } from './text.ts';

/**
 * Personal access tokens (issue 32): another app's key to the API within its scopes. `read` and
 * `write` reach the public API; `calendar` is the password for calendar clients.
 */
export const TOKEN_SCOPES = ['read', 'write', 'calendar'] as const;
export const TokenScopeSchema = z.enum(TOKEN_SCOPES);
export type TokenScope = z.infer<typeof TokenScopeSchema>;

/** What every token's secret starts with, so a leaked one is recognisable (and told from a session). */
export const TOKEN_PREFIX = 'hst_';

export const TOKEN_LIMITS = {
  nameLength: 80,
  perAccount: 50,
  maxDays: 3650,
} as const;

export const PersonalTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(TokenScopeSchema),
  createdAt: z.string(),
  /** Null: valid until revoked. */
  expiresAt: z.string().nullable(),
  /** To the minute; null if never used. */
  lastUsedAt: z.string().nullable(),
});
export type PersonalToken = z.infer<typeof PersonalTokenSchema>;

export const PersonalTokensResponseSchema = z.object({ tokens: z.array(PersonalTokenSchema) });

export const CreateTokenBodySchema = z
  .object({
    name: nameText(
      z
        .string()
        .trim()
        .min(1, 'Give the token a name.')
        .max(TOKEN_LIMITS.nameLength, `A name has at most ${TOKEN_LIMITS.nameLength} characters.`),
      'A token name',
    ),
    scopes: z
      .array(TokenScopeSchema)
      .min(1, 'Choose at least one scope.')
      .max(TOKEN_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Name each scope once.'),
    /** Days until it stops working; null or absent: until revoked. */
    expiresInDays: z.number().int().min(1).max(TOKEN_LIMITS.maxDays).nullish(),
  })
  .strict();
export type CreateTokenBody = z.infer<typeof CreateTokenBodySchema>;

/** The new token, with its secret: shown this once, stored only as a hash. */
export const CreatedTokenSchema = PersonalTokenSchema.extend({ secret: z.string() });
export type CreatedToken = z.infer<typeof CreatedTokenSchema>;
