import { z } from 'zod';
import { FEATURE_FLAGS, LIMITS } from './constants.ts';
import { SecretTokenSchema } from './ids.ts';
import { INVITE_PATH_PATTERN } from './invite-path.ts';
import { isStorableText, storableText, UNSTORABLE_TEXT_MESSAGE } from './text.ts';

/** spec §5: e-mail is trimmed and lowercased before anything else looks at it. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

const EMAIL_TOO_LONG = `An e-mail address has at most ${LIMITS.emailMaxLength} characters.`;

/**
 * Why a typed address can never be accepted, shown while typing so a disabled Continue is never
 * a mystery. Only the length is told early: an address still being typed is not yet wrong.
 */
export function emailLengthProblem(raw: string): string | undefined {
  return normalizeEmail(raw).length > LIMITS.emailMaxLength ? EMAIL_TOO_LONG : undefined;
}

export const EmailSchema = z
  .string()
  .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE)
  .transform(normalizeEmail)
  .pipe(
    z
      .email({ message: 'Enter a valid e-mail address.' })
      .max(LIMITS.emailMaxLength, EMAIL_TOO_LONG),
  );

/** True when the value looks like an e-mail (spec §5: Continue is enabled only then). */
export function isValidEmail(raw: string): boolean {
  return EmailSchema.safeParse(raw).success;
}

/** spec §5: uppercased, non-alphanumerics removed, cut to the code length. */
export function normalizeLoginCode(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, LIMITS.loginCodeLength);
}

export const LOGIN_CODE_PATTERN = /^[A-Z0-9]{6}$/;

export const LoginCodeSchema = storableText(100)
  .transform((raw) => raw.toUpperCase().replace(/[^A-Z0-9]/g, ''))
  .pipe(z.string().regex(LOGIN_CODE_PATTERN, 'A login code is 6 letters or digits.'));

/** An IANA zone name from the browser; one the server does not know is ignored, not refused. */
const TimeZoneSchema = storableText(64);

/**
 * The token of the invite link a sign-in came from (spec §2 'Log in to join'): where sign-up is
 * restricted, it lets a new address in (decision 056).
 */
export const InviteTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{11,200}$/, 'Not an invite token.');

export const CodeAuthorizeBodySchema = z
  .object({ email: EmailSchema, invite: InviteTokenSchema.optional() })
  .strict();

export const CodeAuthorizeResponseSchema = z.object({
  email: z.string(),
  sentAt: z.string(),
  debugCode: z.string().optional(),
});
export type CodeAuthorizeResponse = z.infer<typeof CodeAuthorizeResponseSchema>;

export const CodeLoginBodySchema = z
  .object({
    email: EmailSchema,
    code: LoginCodeSchema,
    /** IANA time zone of the browser; automations fire at midnight there (ARCHITECTURE §5). */
    timezone: TimeZoneSchema.optional(),
    invite: InviteTokenSchema.optional(),
  })
  .strict();
export type CodeLoginBody = z.input<typeof CodeLoginBodySchema>;

export const AccessTokenResponseSchema = z.object({ accessToken: z.string() });

export const MagicAuthorizeQuerySchema = z
  .object({
    email: EmailSchema,
    /** spec §2: the link may call back to a local development address instead of APP_URL. */
    callback: storableText(500).optional(),
    /** An invite to come back to once signed in. */
    returnTo: z
      .string()
      .regex(INVITE_PATH_PATTERN, 'Only an invite can be returned to.')
      .optional(),
  })
  .strict();

export const MagicAuthorizeResponseSchema = z.object({
  email: z.string(),
  sentAt: z.string(),
  debugLink: z.string().optional(),
});

export const MagicLoginBodySchema = z
  .object({ token: SecretTokenSchema, timezone: TimeZoneSchema.optional() })
  .strict();

export const SessionResponseSchema = z.object({
  userId: z.string(),
  workspaceId: z.string(),
  email: z.email(),
  featureFlags: z.array(z.enum(FEATURE_FLAGS)),
  /** The address is in the server's ADMIN_EMAILS: the user menu offers the admin page. */
  isAdmin: z.boolean().optional(),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
