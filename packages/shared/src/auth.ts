import { z } from 'zod';
import { FEATURE_FLAGS, LIMITS } from './constants.ts';

/** spec §5: e-mail is trimmed and lowercased before anything else looks at it. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export const EmailSchema = z
  .string()
  .transform(normalizeEmail)
  .pipe(
    z
      .email({ message: 'Enter a valid e-mail address.' })
      .max(
        LIMITS.emailMaxLength,
        `An e-mail address has at most ${LIMITS.emailMaxLength} characters.`,
      ),
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

export const LoginCodeSchema = z
  .string()
  .transform((raw) => raw.toUpperCase().replace(/[^A-Z0-9]/g, ''))
  .pipe(z.string().regex(LOGIN_CODE_PATTERN, 'A login code is 6 letters or digits.'));

export const CodeAuthorizeBodySchema = z.object({ email: EmailSchema }).strict();
export type CodeAuthorizeBody = z.input<typeof CodeAuthorizeBodySchema>;

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
    timezone: z.string().max(64).optional(),
  })
  .strict();
export type CodeLoginBody = z.input<typeof CodeLoginBodySchema>;

export const AccessTokenResponseSchema = z.object({ accessToken: z.string() });
export type AccessTokenResponse = z.infer<typeof AccessTokenResponseSchema>;

/** The one kind of page a sign-in may return to: an invite (spec §2 'Log in to join'). */
export const INVITE_PATH_PATTERN = /^\/invite\/[A-Za-z0-9_-]{11,200}$/;
export const isInvitePath = (path: string | null | undefined): path is string =>
  typeof path === 'string' && INVITE_PATH_PATTERN.test(path);

export const MagicAuthorizeQuerySchema = z
  .object({
    email: EmailSchema,
    /** spec §2: the link may call back to a local development address instead of APP_URL. */
    callback: z.string().optional(),
    /** An invite to come back to once signed in. */
    returnTo: z
      .string()
      .regex(INVITE_PATH_PATTERN, 'Only an invite can be returned to.')
      .optional(),
  })
  .strict();
export type MagicAuthorizeQuery = z.input<typeof MagicAuthorizeQuerySchema>;

export const MagicAuthorizeResponseSchema = z.object({
  email: z.string(),
  sentAt: z.string(),
  debugLink: z.string().optional(),
});
export type MagicAuthorizeResponse = z.infer<typeof MagicAuthorizeResponseSchema>;

export const MagicLoginBodySchema = z
  .object({ token: z.string().min(1).max(200), timezone: z.string().max(64).optional() })
  .strict();

export const SessionResponseSchema = z.object({
  userId: z.string(),
  workspaceId: z.string(),
  email: z.email(),
  featureFlags: z.array(z.enum(FEATURE_FLAGS)),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
