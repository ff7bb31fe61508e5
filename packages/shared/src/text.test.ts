import { describe, expect, it } from 'vitest';
import { EmailSchema, LoginCodeSchema } from './auth.ts';
import { AutomationTextSchema } from './automations.ts';
import { NewTaskNameSchema, ProjectNameSchema, TaskRenameSchema } from './names.ts';
import { hasNameControlCharacter, isStorableText, shortenText, storableText } from './text.ts';

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, keeps every real character', () => {
    for (const bad of [
      '\u0000',
      'a\u0000b',
      'a\uD800',
      '\uDC00b',
      'x\uDBFF\uDBFFy',
      '\uDFFF\uD800',
    ]) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of [
      '',
      'Buy milk',
      'zażółć gęślą jaźń',
      '🙂 paired 𝄞',
      'tab\tand\nlines',
      '\uFFFD',
    ]) {
      expect(isStorableText(good), good).toBe(true);
    }
  });

  it('bounds the length of free text', () => {
    expect(storableText(5).safeParse('abcde').success).toBe(true);
    expect(storableText(5).safeParse('abcdef').success).toBe(false);
    expect(storableText(5).safeParse('a\u0000').error?.issues[0]?.message).toMatch(/NUL/);
  });
});

describe('names', () => {
  const nameSchemas = [
    ProjectNameSchema,
    NewTaskNameSchema,
    TaskRenameSchema,
    AutomationTextSchema('An automation name'),
  ];

  it('refuse unstorable text and invisible control characters', () => {
    for (const schema of nameSchemas) {
      for (const bad of [
        'Rent\u0000',
        'Rent \uD83D',
        'Bell\u0007',
        'Form\u000Cfeed',
        'Del\u007F',
      ]) {
        expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      }
    }
    expect(ProjectNameSchema.safeParse('Home\u0001').error?.issues[0]?.message).toBe(
      'A project name cannot contain control characters.',
    );
  });

  it('keep tabs, line breaks and any printable character', () => {
    for (const schema of nameSchemas) {
      for (const good of ['Col\tumn', 'First line\r\nsecond line', 'Życie 🙂', 'a\u0085b']) {
        expect(schema.safeParse(good).success, JSON.stringify(good)).toBe(true);
      }
    }
    expect(hasNameControlCharacter('\t\n\r')).toBe(false);
  });

  it('apply to the e-mail and the login code too', () => {
    expect(EmailSchema.safeParse('ada\uD800@example.com').success).toBe(false);
    expect(LoginCodeSchema.safeParse('ABC\u0000123').success).toBe(false);
    expect(LoginCodeSchema.safeParse('abc-123').data).toBe('ABC123');
  });
});

describe('shortenText', () => {
  it('keeps text that fits and cuts the rest to the limit with an ellipsis', () => {
    expect(shortenText('Pay rent', 8)).toBe('Pay rent');
    expect(shortenText('Pay the rent', 8)).toBe('Pay the…');
    expect(shortenText('Pay the rent', 8)).toHaveLength(8);
    expect(shortenText('Pay    rent', 8)).toBe('Pay…');
  });

  it('never splits a surrogate pair', () => {
    const cut = shortenText('ab🙂🙂🙂', 4);
    expect(cut).toBe('ab…');
    expect(isStorableText(cut)).toBe(true);
  });
});
