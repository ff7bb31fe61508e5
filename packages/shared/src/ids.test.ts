import { describe, expect, it } from 'vitest';
import { IdSchema, isMalformedIdIssue, SecretTokenSchema } from './ids.ts';

describe('ids', () => {
  it('accept the lower-case UUIDs the server makes, and nothing else', () => {
    expect(IdSchema.safeParse('01890a5d-ac96-774b-bcce-b302099a8057').success).toBe(true);
    for (const bad of [
      '',
      'w1',
      '01890A5D-AC96-774B-BCCE-B302099A8057',
      '01890a5d-ac96-774b-bcce-b302099a8057x',
      '01890a5d-ac96-774b-bcce-b302099a805\u0000',
      '01890a5d ac96 774b bcce b302099a8057',
    ]) {
      expect(IdSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('tell a malformed id apart from other problems', () => {
    const idIssue = IdSchema.safeParse('nope').error!.issues[0]!;
    expect(isMalformedIdIssue(idIssue)).toBe(true);
    const tokenIssue = SecretTokenSchema.safeParse('no pe').error!.issues[0]!;
    expect(isMalformedIdIssue(tokenIssue)).toBe(false);
    expect(isMalformedIdIssue({})).toBe(false);
  });

  it('accept base64url secrets only', () => {
    expect(SecretTokenSchema.safeParse('aZ09_-').success).toBe(true);
    for (const bad of ['', 'a b', 'a/b', 'a\u0000', 'x'.repeat(201)]) {
      expect(SecretTokenSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
