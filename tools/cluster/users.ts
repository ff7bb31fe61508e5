import { callOk, type Route } from './http.ts';
import type { Cluster } from './cluster.ts';

export interface User {
  email: string;
  token: string;
  userId: string;
  workspaceId: string;
  /** The loopback address this user's requests come from. */
  from: string;
}

/**
 * Signs in through the code flow a person uses: ask for a code, read the mail, send it back.
 * Each step may go to another address (nginx, or one server directly).
 */
export async function signIn(
  cluster: Pick<Cluster, 'origin' | 'mail'>,
  email: string,
  from: string,
  via: { request?: string; login?: string } = {},
): Promise<User> {
  const route = (origin = cluster.origin): Route => ({ origin, from });
  await callOk(route(via.request), 'requestLoginCode', { body: { email } });
  const { accessToken } = await callOk(route(via.login), 'loginWithCode', {
    body: { email, code: cluster.mail.codeFor(email) },
  });
  const session = await callOk(route(), 'getSession', {}, accessToken);
  return {
    email,
    token: accessToken,
    userId: session.userId,
    workspaceId: session.workspaceId,
    from,
  };
}

/** This user's requests through nginx. */
export const viaNginx = (cluster: Cluster, user: User): Route => ({
  origin: cluster.origin,
  from: user.from,
});

/** Two users sharing a project of the first. */
export async function sharingPair(cluster: Cluster, name: string, addresses: [string, string]) {
  const owner = await signIn(cluster, `${name}-owner@cluster.example.com`, addresses[0]);
  const member = await signIn(cluster, `${name}-member@cluster.example.com`, addresses[1]);
  const { projectId } = await callOk(
    viaNginx(cluster, owner),
    'createProject',
    { body: { workspaceId: owner.workspaceId, name: 'Shared' } },
    owner.token,
  );
  const { inviteLink } = await callOk(
    viaNginx(cluster, owner),
    'getInviteLink',
    { params: { projectId } },
    owner.token,
  );
  await callOk(
    viaNginx(cluster, member),
    'joinInvite',
    { params: { inviteToken: inviteLink.split('/').pop()! } },
    member.token,
  );
  const change = (route: Route, name: string) =>
    callOk(
      route,
      'createTask',
      { body: { workspaceId: owner.workspaceId, projectId, name } },
      owner.token,
    );
  return { owner, member, projectId, change };
}
