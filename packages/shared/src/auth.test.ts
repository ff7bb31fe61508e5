import { describe, expect, it } from 'vitest';
import {
  CodeLoginBodySchema,
  EmailSchema,
  isValidEmail,
  LoginCodeSchema,
  normalizeEmail,
  normalizeLoginCode,
} from './auth.ts';

describe('e-mail rules (spec §5)', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(EmailSchema.parse(' Ada@Example.COM')).toBe('ada@example.com');
  });

  it('accepts at most 100 characters', () => {
    const local = 'a'.repeat(100 - '@x.io'.length);
    expect(isValidEmail(`${local}@x.io`)).toBe(true);
    expect(isValidEmail(`a${local}@x.io`)).toBe(false);
  });

  it('rejects values that do not look like an e-mail', () => {
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});

describe('login code rules (spec §5)', () => {
  it('uppercases, strips non-alphanumerics and cuts to 6', () => {
    expect(normalizeLoginCode('ab-12 3c')).toBe('AB123C');
    expect(normalizeLoginCode('ab12 3cd9')).toBe('AB123C');
    expect(normalizeLoginCode('ä!b')).toBe('B');
  });

  it('needs exactly 6 characters of A-Z and 0-9', () => {
    expect(LoginCodeSchema.parse('ab-12-3c')).toBe('AB123C');
    expect(LoginCodeSchema.safeParse('AB12').success).toBe(false);
    expect(LoginCodeSchema.safeParse('AB123CD').success).toBe(false);
  });

  it('rejects unknown fields in the login body', () => {
    expect(CodeLoginBodySchema.safeParse({ email: 'a@b.co', code: 'ABC123', x: 1 }).success).toBe(
      false,
    );
  });
});
