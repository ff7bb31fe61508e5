import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './auth.repository.ts';

/** Who may make a new account (decision 056): anyone, addresses at some domains, or nobody. */
export type SignUpPolicy =
  { mode: 'open' } | { mode: 'domains'; domains: readonly string[] } | { mode: 'closed' };

export interface SignUpGateDeps {
  policy: SignUpPolicy;
  /** Whether an invite link's token is live: where sign-up is restricted, it lets one in. */
  isInviteLive: (db: Db, token: string) => Promise<boolean>;
}

/** The part after the last @, as every address is stored lower-cased. */
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

function refusal(policy: SignUpPolicy): AppError {
  const message =
    policy.mode === 'domains'
      ? `New accounts here are for addresses at ${policy.domains.join(', ')}. Sign up with such an address, or ask someone here for an invite link.`
      : 'This Hustle is invite-only: new accounts need an invite link from someone who uses it. Existing accounts sign in as usual.';
  return new AppError('SIGN_UP_CLOSED', message);
}

/**
 * The one check every way of signing in makes before an address may get an account: asking for
 * a code or a link (so nothing is mailed to an address that cannot sign up) and starting the
 * session (the policy may have changed since). OpenID Connect sign-in is to call it too. An
 * existing account always signs in; a live invite link lets a new address in whatever the
 * policy.
 */
export function createSignUpGate(deps: SignUpGateDeps) {
  const { policy } = deps;
  return async function assertMaySignIn(db: Db, email: string, invite?: string): Promise<void> {
    if (policy.mode === 'open') return;
    if (policy.mode === 'domains' && policy.domains.includes(domainOf(email))) return;
    if (await repo.findUserByEmail(db, email)) return;
    if (invite && (await deps.isInviteLive(db, invite))) return;
    throw refusal(policy);
  };
}

export type AssertMaySignIn = ReturnType<typeof createSignUpGate>;
