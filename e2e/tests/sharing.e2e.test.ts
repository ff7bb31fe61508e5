import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, VIEWPORTS } from '../support/browser.ts';
import { useScenario } from '../support/scenario.ts';
import type { RunningServer } from '../support/server.ts';
import {
  apiAs,
  logInThroughUi,
  openSignedIn,
  signInOverApi,
  userWithToken,
  type SignedInUser,
} from '../support/session.ts';

const PROJECT = 'Website relaunch';

async function createProject(
  server: RunningServer,
  user: SignedInUser,
  name: string,
  color: string,
) {
  const created = await apiAs(server, user, 'POST', '/api/v1/projects', {
    workspaceId: user.workspaceId,
    name,
    color,
  });
  return created.projectId as string;
}

/** An owner's project 'Garden plans' with its invite link, and a second person to open it. */
async function inviteToGardenPlans(server: RunningServer, ownerEmail: string, readerEmail: string) {
  const owner = await signInOverApi(server, ownerEmail);
  const reader = await signInOverApi(server, readerEmail);
  const projectId = await createProject(server, owner, 'Garden plans', '#ffdf90');
  const { inviteLink } = await apiAs(
    server,
    owner,
    'GET',
    `/api/v1/projects/${projectId}/invite-link`,
  );
  return { reader, inviteLink };
}

const projectCard = (page: Page, name: string) => page.getByRole('article', { name });

/** The owner's invite link, read the way a person does: card menu → Invite → Copy to Clipboard. */
async function copyInviteLink(page: Page) {
  await projectCard(page, PROJECT).getByRole('button', { name: 'Project actions' }).click();
  await page.getByRole('menuitem', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite others' });
  await dialog.getByText('Send link to users:').waitFor();
  await dialog.getByRole('button', { name: 'Copy to Clipboard' }).click();
  await dialog.getByText('Coppied to clipboard!').waitFor();
  await screenshot(page, 'invite-modal-copied-desktop');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(await dialog.getByLabel('Send link to users:').inputValue()).toBe(link);
  await dialog.getByRole('button', { name: 'Done' }).click();
  return link;
}

describe('sharing a project by invite link', () => {
  const scenario = useScenario();

  it('a second person joins through the link after logging in, and the owner sees their task live', async () => {
    const { server, browser } = scenario;
    const owner = await signInOverApi(server, 'owner@example.com');
    const projectId = await createProject(server, owner, PROJECT, '#3366ff');
    const ownerTab = await newPage(browser, server.url);
    await ownerTab.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    });
    await openSignedIn(ownerTab.page, owner, '/plan');
    await projectCard(ownerTab.page, PROJECT).waitFor();

    const link = await copyInviteLink(ownerTab.page);
    expect(link).toMatch(new RegExp(`^${server.url}/invite/[A-Za-z0-9_-]{11,}$`));

    // The second person opens the link signed out, logs in, and comes back to the invite.
    const guest = await newPage(browser, server.url, { viewport: 'mobile' });
    await guest.page.goto(link);
    await guest.page.getByRole('heading', { name: 'You’re invited to a project' }).waitFor();
    await guest.page.getByRole('link', { name: 'Log in to join' }).click();
    await guest.page.waitForURL('**/login?returnTo=**');
    await logInThroughUi(guest.page, 'member@example.com');

    await guest.page.waitForURL(new URL(link).pathname);
    await guest.page.getByRole('heading', { name: `Join ${PROJECT} project!` }).waitFor();
    await guest.page.getByText('owner@example.com').waitFor();
    await guest.page.getByRole('button', { name: 'Join the project' }).click();

    await guest.page.waitForURL('**/execute');
    await guest.page.getByText(`You joined ${PROJECT}.`).waitFor();
    await guest.page.getByRole('link', { name: 'Plan' }).click();
    const sharedCard = projectCard(guest.page, PROJECT);
    await sharedCard.getByText('Shared from: owner@example.com').waitFor();

    const token = await guest.page.evaluate(() => localStorage.getItem('hustleToken'));
    const member = await userWithToken(server, 'member@example.com', token ?? '');
    const memberWorkspace = await apiAs(server, member, 'GET', `/workspaces/${member.workspaceId}`);
    expect(memberWorkspace.projects.map((project: { id: string }) => project.id)).toContain(
      projectId,
    );

    // The member adds a task; the owner's open Plan tab shows it without a reload.
    await apiAs(server, member, 'POST', '/api/v1/tasks', {
      workspaceId: member.workspaceId,
      projectId,
      name: 'Draft the homepage copy',
    });
    await projectCard(ownerTab.page, PROJECT)
      .getByText('Draft the homepage copy')
      .waitFor({ timeout: 5000 });

    // The member leaves; the project leaves their workspace and the owner keeps it.
    await apiAs(server, member, 'POST', `/api/v1/projects/${projectId}/leave`, {
      workspaceId: member.workspaceId,
    });
    const after = await apiAs(server, member, 'GET', `/workspaces/${member.workspaceId}`);
    expect(after.projects.map((project: { id: string }) => project.id)).not.toContain(projectId);
    await projectCard(guest.page, PROJECT).waitFor({ state: 'detached', timeout: 5000 });

    expect(ownerTab.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
    await ownerTab.context.close();
    await guest.context.close();
  });

  it('the invite screen says what is wrong with a bad link, a failed join, or an existing membership', async () => {
    const { server, browser } = scenario;
    const { reader, inviteLink } = await inviteToGardenPlans(
      server,
      'owner-2@example.com',
      'reader@example.com',
    );
    const { context, page, errors } = await newPage(browser, server.url);

    await openSignedIn(page, reader, '/invite/short');
    await page.getByRole('heading', { name: 'Invalid invite token' }).waitFor();

    await page.goto('/invite/this-token-does-not-exist');
    await page.getByRole('heading', { name: 'Cannot read invite' }).waitFor();
    await page.getByText('This invite link is not valid anymore.', { exact: false }).waitFor();

    // A join that fails keeps the user on the invite with the reason.
    await page.route('**/join', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'CONFLICT', message: 'The project was archived a moment ago.' },
        }),
      }),
    );
    await page.goto(inviteLink);
    await page.getByRole('button', { name: 'Join the project' }).click();
    await page.getByRole('heading', { name: 'Could not join the project.' }).waitFor();
    await page.getByText('The project was archived a moment ago.').waitFor();
    await page.unroute('**/join');

    await apiAs(server, reader, 'POST', `/api/v1/invites/${inviteLink.split('/').pop()}/join`, {});
    await page.goto(inviteLink);
    await page.getByRole('heading', { name: 'You’re already in Garden plans' }).waitFor();
    await page.getByRole('link', { name: 'Open Plan' }).click();
    await page.waitForURL('**/plan');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the invite screens look deliberate on both screen sizes and themes', async () => {
    const { server, browser } = scenario;
    const { reader, inviteLink } = await inviteToGardenPlans(
      server,
      'owner-3@example.com',
      'reader-3@example.com',
    );
    const shoot = async (page: Page, name: string) => {
      await page.waitForTimeout(600);
      await screenshot(page, name);
    };
    for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const suffix = `${viewport}-${colorScheme}`;
        const withTheme = async (context: BrowserContext) =>
          context.addInitScript((theme) => localStorage.setItem('hustleTheme', theme), colorScheme);

        const signedOut = await newPage(browser, server.url, { viewport, colorScheme });
        await withTheme(signedOut.context);
        await signedOut.page.goto(inviteLink);
        await signedOut.page.getByRole('link', { name: 'Log in to join' }).waitFor();
        await shoot(signedOut.page, `invite-signed-out-${suffix}`);
        await signedOut.context.close();

        const { context, page, errors } = await newPage(browser, server.url, {
          viewport,
          colorScheme,
        });
        await withTheme(context);
        await openSignedIn(page, reader, inviteLink);
        await page.getByRole('button', { name: 'Join the project' }).waitFor();
        await shoot(page, `invite-join-${suffix}`);

        // Hold the join on its way to see the joining state.
        let release = () => {};
        await page.route('**/join', (route) =>
          new Promise<void>((resolve) => (release = resolve)).then(() => route.abort()),
        );
        await page.getByRole('button', { name: 'Join the project' }).click();
        await page.getByRole('heading', { name: 'Joining Garden plans' }).waitFor();
        await shoot(page, `invite-joining-${suffix}`);
        release();
        await page.getByRole('heading', { name: 'Could not join the project.' }).waitFor();
        await shoot(page, `invite-join-failed-${suffix}`);
        await page.unroute('**/join');

        await page.goto('/invite/x');
        await page.getByRole('heading', { name: 'Invalid invite token' }).waitFor();
        await shoot(page, `invite-invalid-${suffix}`);
        expect(errors.filter((error) => !/Failed to fetch|NetworkError/.test(error))).toEqual([]);
        await context.close();
      }
    }
  });
});
