import { z } from 'zod';

/**
 * A UTF-16 code unit of a surrogate pair without its partner. It has no UTF-8 form, so the
 * database drivers would silently store U+FFFD in its place.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text both databases store as it was sent: PostgreSQL `text` is UTF-8 and refuses U+0000
 * (which SQLite would keep), and lone surrogates have no UTF-8 form at all.
 */
export const isStorableText = (value: string): boolean =>
  !value.includes('\u0000') && !LONE_SURROGATE.test(value);

export const UNSTORABLE_TEXT_MESSAGE =
  'Text cannot contain NUL characters or unpaired UTF-16 surrogates.';

/**
 * Control characters a name may not hold: all of C0 and DEL except tab, line feed and carriage
 * return. Those three can come from a paste into the multi-line task field (spec §5 "New task
 * text" splits lines the user chose to keep together); the others are invisible on screen and
 * would make two names that look the same differ.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NAME_CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasNameControlCharacter = (value: string): boolean =>
  NAME_CONTROL_CHARACTER.test(value);

/** Any free text a request carries: bounded, and storable on both databases. */
export const storableText = (maxLength: number) =>
  z
    .string()
    .max(maxLength, `Text has at most ${maxLength} characters.`)
    .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/** The checks every user-given name gets on top of its own length rules. */
export const nameText = <T extends z.ZodString>(schema: T, what: string) =>
  schema
    .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE)
    .refine(
      (value) => !hasNameControlCharacter(value),
      `${what} cannot contain control characters.`,
    );

/**
 * `text` cut to at most `maxLength` UTF-16 units (what the length rules count), ending in an
 * ellipsis when cut. It cuts between code points, so it never leaves half a surrogate pair.
 */
export function shortenText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let kept = '';
  for (const char of text) {
    if (kept.length + char.length > maxLength - 1) break;
    kept += char;
  }
  return `${kept.trimEnd()}…`;
}
