import type { Page } from '@playwright/test';
import { PAGE_CALLS } from '../support/api.ts';
import { expect, test, uniqueEmail } from '../support/fixtures.ts';
import { holdCall } from '../support/intercept.ts';
import { seedProject } from '../support/seed.ts';
import { logInThroughUi, openSignedIn, storedToken } from '../support/session.ts';

const PROJECT = 'Website relaunch';

const projectCard = (page: Page, name: string) => page.getByRole('article', { name });

/** The owner's invite link, read the way a person does: card menu → Invite → Copy to Clipboard. */
async function copyInviteLink(page: Page) {
  await projectCard(page, PROJECT).getByRole('button', { name: 'Project actions' }).click();
  await page.getByRole('menuitem', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite others' });
  await expect(dialog.getByText('Send link to users:')).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy to Clipboard' }).click();
  await expect(dialog.getByText('Coppied to clipboard!')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  await expect(dialog.getByLabel('Send link to users:')).toHaveValue(link);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  return link;
}

test.describe('sharing a project by invite link', () => {
  test('a second person joins through the link after logging in, and the owner sees their task live', async ({
    page,
    newPage,
    api,
    signUp,
    server,
  }) => {
    const owner = await signUp('owner');
    const projectId = await api.createProject(owner, PROJECT, '#3366ff');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    });
    await openSignedIn(page, owner, '/plan');
    await expect(projectCard(page, PROJECT)).toBeVisible();

    const link = await copyInviteLink(page);
    expect(link).toMatch(new RegExp(`^${server.url}/invite/[A-Za-z0-9_-]{11,}$`));

    // The second person opens the link signed out, logs in, and comes back to the invite.
    const guest = await newPage({ viewport: 'mobile' });
    const memberEmail = uniqueEmail('member');
    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: 'You’re invited to a project' })).toBeVisible();
    await guest.getByRole('link', { name: 'Log in to join' }).click();
    await guest.waitForURL('**/login?returnTo=**');
    await logInThroughUi(guest, memberEmail);

    await guest.waitForURL(new URL(link).pathname);
    await expect(guest.getByRole('heading', { name: `Join ${PROJECT} project!` })).toBeVisible();
    await expect(guest.getByText(owner.email)).toBeVisible();
    await guest.getByRole('button', { name: 'Join the project' }).click();

    await guest.waitForURL('**/plan');
    await expect(guest.getByText(`You joined ${PROJECT}.`)).toBeVisible();
    const sharedCard = projectCard(guest, PROJECT);
    await expect(sharedCard.getByText(`Shared from: ${owner.email}`)).toBeVisible();

    const member = await api.userWithToken(memberEmail, (await storedToken(guest)) ?? '');
    const memberProjects = (await api.workspace(member)).projects.map((project) => project.id);
    expect(memberProjects).toContain(projectId);

    // The member adds a task; the owner's open Plan tab shows it without a reload.
    await api.createTask(member, 'Draft the homepage copy', { projectId });
    await expect(projectCard(page, PROJECT).getByText('Draft the homepage copy')).toBeVisible();

    // The member leaves; the project leaves their workspace and the owner keeps it.
    await api.leaveProject(member, projectId);
    const after = (await api.workspace(member)).projects.map((project) => project.id);
    expect(after).not.toContain(projectId);
    await expect(projectCard(guest, PROJECT)).toHaveCount(0);
    await expect(projectCard(page, PROJECT)).toBeVisible();
  });

  test('the owner sees who shares the project and removes a member, whose open Plan loses it live', async ({
    page,
    newPage,
    api,
    signUp,
  }) => {
    const owner = await signUp('owner');
    const member = await signUp('member');
    const projectId = await api.createProject(owner, PROJECT, '#3366ff');
    await api.joinInvite(member, await api.inviteLink(owner, projectId));
    await api.createTask(member, 'Pick the fonts', { projectId, planned: true });

    const memberPage = await newPage({ viewport: 'mobile' });
    await openSignedIn(memberPage, member, '/plan');
    await expect(
      projectCard(memberPage, PROJECT).getByText(`Shared from: ${owner.email}`),
    ).toBeVisible();

    await openSignedIn(page, owner, '/plan');
    const card = projectCard(page, PROJECT);
    await expect(card.getByText('Shared with 1 person')).toBeVisible();
    await card.getByRole('button', { name: 'Project actions' }).click();
    await page.getByRole('menuitem', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite others' });
    const members = dialog.getByRole('region', { name: 'Shared with' });
    await expect(members.getByRole('listitem')).toHaveText([new RegExp(member.email)]);

    await members.getByRole('button', { name: `Remove ${member.email}` }).click();
    await members.getByRole('button', { name: `Remove ${member.email} now` }).click();
    await expect(
      members.getByText('No one yet. Send the link above to invite someone.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(card.getByText(/Shared with/)).toHaveCount(0);

    // The member's open screen follows without a reload: the project and its planned task go.
    await expect(projectCard(memberPage, PROJECT)).toHaveCount(0);
    const memberWorkspace = await api.workspace(member);
    expect(memberWorkspace.projects.map((project) => project.id)).not.toContain(projectId);
    expect(memberWorkspace.plannedTasks).toEqual([]);
  });

  test('the invite screen says what is wrong with a bad link, a failed join, or an existing membership', async ({
    page,
    api,
    signUp,
  }) => {
    const owner = await signUp('owner');
    const reader = await signUp('reader');
    const projectId = await api.createProject(owner, 'Garden plans', '#ffdf90');
    const inviteLink = await api.inviteLink(owner, projectId);

    await openSignedIn(page, reader, '/invite/short');
    await expect(page.getByRole('heading', { name: 'Invalid invite token' })).toBeVisible();

    await page.goto('/invite/this-token-does-not-exist');
    await expect(page.getByRole('heading', { name: 'Cannot read invite' })).toBeVisible();
    await expect(
      page.getByText('This invite link is not valid anymore.', { exact: false }),
    ).toBeVisible();

    // A join shows that it is under way; one that fails keeps the user on the invite with why.
    const answerJoin = await holdCall(page, PAGE_CALLS.joinInvite, {
      status: 409,
      code: 'CONFLICT',
      message: 'The project was archived a moment ago.',
    });
    await page.goto(inviteLink);
    await page.getByRole('button', { name: 'Join the project' }).click();
    await expect(page.getByRole('heading', { name: 'Joining Garden plans' })).toBeVisible();
    answerJoin();
    await expect(page.getByRole('heading', { name: 'Could not join the project.' })).toBeVisible();
    await expect(page.getByText('The project was archived a moment ago.')).toBeVisible();
    await page.unroute(PAGE_CALLS.joinInvite);

    await api.joinInvite(reader, inviteLink);
    await page.goto(inviteLink);
    await expect(
      page.getByRole('heading', { name: 'You’re already in Garden plans' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Open Plan' }).click();
    await page.waitForURL('**/plan');
  });

  test('the invite modal shows the whole link, and a hyphenated name moves to the next line whole', async ({
    page,
    newPage,
    api,
    signUp,
    server,
  }) => {
    const owner = await signUp('owner');
    const reader = await signUp('reader');
    const projectId = await api.createProject(owner, 'todoist-sample', '#ffdf90');
    const inviteLink = await api.inviteLink(owner, projectId);

    await openSignedIn(page, owner, '/plan');
    await projectCard(page, 'todoist-sample')
      .getByRole('button', { name: 'Project actions' })
      .click();
    await page.getByRole('menuitem', { name: 'Invite' }).click();
    const field = page
      .getByRole('dialog', { name: 'Invite others' })
      .getByLabel('Send link to users:');
    await expect(field).toHaveValue(new URL(inviteLink, server.url).href);
    // Nothing of the link is scrolled out of sight or cut to an ellipsis at 1280 px.
    const hidden = await field.evaluate((element) => ({
      across: element.scrollWidth - element.clientWidth,
      down: element.scrollHeight - element.clientHeight,
    }));
    expect(hidden).toEqual({ across: 0, down: 0 });

    // On a phone the name is not split at its hyphen: it takes one line box, not two.
    const phone = await newPage({ viewport: 'mobile' });
    await openSignedIn(phone, reader, inviteLink);
    const title = phone.getByRole('heading', { name: 'Join todoist-sample project!' });
    await expect(title).toBeVisible();
    const lineBoxes = await title
      .getByText('todoist-sample', { exact: true })
      .evaluate((element) => element.getClientRects().length);
    expect(lineBoxes).toBe(1);
  });

  test('a new member lands on Plan with the joined project scrolled into view and marked', async ({
    newPage,
    api,
    signUp,
  }) => {
    const owner = await signUp('owner');
    const member = await signUp('member');
    const projectId = await api.createProject(owner, PROJECT, '#3366ff');
    const inviteLink = await api.inviteLink(owner, projectId);
    // Enough of the member's own projects that the joined one, added last, starts off screen.
    for (const name of ['Home', 'Work', 'Garden', 'Trip']) {
      await seedProject(api, member, name, ['One', 'Two', 'Three', 'Four']);
    }

    const phone = await newPage({ viewport: 'mobile' });
    await openSignedIn(phone, member, inviteLink);
    await phone.getByRole('button', { name: 'Join the project' }).click();

    await phone.waitForURL('**/plan');
    const joined = projectCard(phone, PROJECT);
    await expect(joined).toBeInViewport();
    await expect(joined).toHaveAttribute('data-highlighted', 'true');
    await expect(projectCard(phone, 'Home')).not.toHaveAttribute('data-highlighted');
    // The request is spent: a reload shows Plan from its top, nothing marked.
    await phone.reload();
    await expect(projectCard(phone, 'Home')).toBeInViewport();
    await expect(projectCard(phone, PROJECT)).not.toHaveAttribute('data-highlighted');
  });

  test("each person's card counts the tasks they completed, not the other's", async ({
    page,
    newPage,
    api,
    signUp,
  }) => {
    const owner = await signUp('owner');
    const member = await signUp('member');
    const projectId = await api.createProject(owner, PROJECT);
    await api.joinInvite(member, await api.inviteLink(owner, projectId));
    const ids: string[] = [];
    for (const name of ['Dig', 'Sow', 'Water', 'Weed'])
      ids.push(await api.createTask(owner, name, { projectId }));
    await api.completeTask(owner, ids[0]!, { projectId });
    await api.completeTask(member, ids[1]!, { projectId });
    await api.completeTask(member, ids[2]!, { projectId });

    await openSignedIn(page, owner, '/plan');
    await expect(projectCard(page, PROJECT).getByText('You have completed 1 task')).toBeVisible();
    const memberPage = await newPage();
    await openSignedIn(memberPage, member, '/plan');
    const memberCard = projectCard(memberPage, PROJECT);
    await expect(memberCard.getByText('You have completed 2 tasks')).toBeVisible();

    // The member checks one off on Execute: their card counts it, the owner's does not.
    await memberCard.getByRole('checkbox', { name: 'Weed' }).click();
    await memberPage.getByRole('link', { name: 'Execute' }).click();
    await memberPage
      .getByRole('list', { name: 'Planned tasks' })
      .getByRole('checkbox', { name: 'Weed' })
      .click();
    // Completing plans a task, so the two the member completed before are listed too.
    await expect(memberPage.getByRole('heading', { name: 'Completed tasks (3)' })).toBeVisible();
    await memberPage.getByRole('link', { name: 'Plan' }).click();
    await expect(memberCard.getByText('You have completed 3 tasks')).toBeVisible();
    await page.reload();
    await expect(projectCard(page, PROJECT).getByText('You have completed 1 task')).toBeVisible();
  });

  test('the owner opens a shared task and sees that the member completed it', async ({
    page,
    api,
    signUp,
  }) => {
    const owner = await signUp('owner');
    const member = await signUp('member');
    const projectId = await api.createProject(owner, PROJECT);
    await api.joinInvite(member, await api.inviteLink(owner, projectId));
    const id = await api.createTask(owner, 'Write the launch post', { projectId });
    await api.completeTask(member, id, { projectId });

    await openSignedIn(page, owner, `/plan?task=${id}`);
    const sheet = page.getByRole('dialog', { name: 'Task details' });
    const activity = sheet.getByRole('list', { name: 'Changes, newest first' });
    await expect(sheet.getByRole('heading', { name: 'Activity' })).toBeVisible();
    await expect(activity.getByRole('listitem')).toHaveText([
      `${member.email} completed this·just now`,
      'You created this·just now',
    ]);
  });
});
