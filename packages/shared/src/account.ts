import { z } from 'zod';
import { EmailSchema, LoginCodeSchema } from './auth.ts';

/** One signed-in device on the account screen (issue 17, part 4). */
export const AccountSessionSchema = z.object({
  id: z.string(),
  /** A readable name of the browser and system that signed in, e.g. "Firefox on Linux". */
  device: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  /** The session this request was sent with. */
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSessionsResponseSchema = z.object({
  sessions: z.array(AccountSessionSchema),
});

export const SignedOutResponseSchema = z.object({
  ok: z.literal(true),
  version: z.number(),
  /** How many sessions this ended. */
  signedOut: z.number(),
});

export const EmailChangeBodySchema = z.object({ email: EmailSchema }).strict();

export const EmailChangeSentSchema = z.object({
  email: z.string(),
  sentAt: z.string(),
  /** Only from the development mail transport, as with sign-in codes. */
  debugCode: z.string().optional(),
});
export type EmailChangeSent = z.infer<typeof EmailChangeSentSchema>;

export const EmailChangeConfirmBodySchema = z.object({ code: LoginCodeSchema }).strict();

export const EmailChangedSchema = z.object({ email: z.string() });

/** Type-to-confirm: the account's own address, so a stray call never erases anything. */
export const DeleteAccountBodySchema = z.object({ email: EmailSchema }).strict();

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/**
 * A device's name from its User-Agent, by a short own rule rather than a parser library: the
 * account screen needs "which browser on which system", not versions. Order matters: Edge and
 * Opera also say Chrome, Chrome also says Safari, iPhones also say Mac OS X.
 */
export function deviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
