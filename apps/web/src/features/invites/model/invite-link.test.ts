import { describe, expect, it } from 'vitest';
import { absoluteInviteLink } from './invite-link.ts';

describe('absoluteInviteLink', () => {
  it('makes a relative link absolute against the page address', () => {
    expect(absoluteInviteLink('/invite/abcdefghijkl', 'https://hustle.app/plan?x=1')).toBe(
      'https://hustle.app/invite/abcdefghijkl',
    );
    expect(absoluteInviteLink('invite/abcdefghijkl', 'http://localhost:5173/plan')).toBe(
      'http://localhost:5173/invite/abcdefghijkl',
    );
  });

  it('keeps an absolute link as it is', () => {
    expect(absoluteInviteLink('https://other.example/invite/abc', 'https://hustle.app/plan')).toBe(
      'https://other.example/invite/abc',
    );
  });

  it('uses the current page by default', () => {
    expect(absoluteInviteLink('/invite/abcdefghijkl')).toBe(
      `${window.location.origin}/invite/abcdefghijkl`,
    );
  });
});
