import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createVerifiedAccount, signInContext } from './accounts';
import { launchChromium, screenshot, watchConsole } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

interface DevMail {
  to: string;
  subject: string;
  text: string;
}

async function invitationLink(to: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = (await (await fetch(`${baseUrl}/api/dev/mail`)).json()) as DevMail[];
    const mail = mails.find((m) => m.to === to && /invited you/.test(m.subject));
    if (mail) return mail.text.match(/https?:\/\/\S+/)![0];
    if (Date.now() > deadline) throw new Error(`no invitation mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('invite by email -> mail in the outbox -> a new person registers from it and lands in the workspace -> the owner makes them a restricted member -> they cannot see the permissions screen', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Olga Owner');
  const invitee = `nina.${Date.now()}@example.test`;
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(ownerContext, owner.token);
  const page = await ownerContext.newPage();
  const problems = watchConsole(page);
  await page.goto(`${baseUrl}/workspace/create`);
  await page.getByLabel('Workspace name').fill('Harbour');
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await page.getByRole('heading', { level: 1, name: 'Harbour', exact: true }).waitFor();
  const teamPath = new URL(page.url()).pathname;

  const sections = page.getByRole('navigation', { name: 'Workspace sections' });
  await sections.getByRole('link', { name: 'Members' }).click();
  await page.getByRole('button', { name: 'Invite members' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email addresses').fill(`${invitee}, not-an-address`);
  await dialog.getByText('Correct or remove 1 invalid address.').waitFor();
  expect(await dialog.getByRole('button', { name: 'Send invitations' }).isDisabled()).toBe(true);
  await dialog.getByLabel('Email addresses').fill(`${invitee}\n`);
  await dialog.getByText('1 address ready to invite.').waitFor();
  await screenshot(page, 'invite-dialog');
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await page.getByRole('status').filter({ hasText: '1 invitation sent' }).waitFor();
  await page.getByRole('heading', { name: 'Pending invitations' }).waitFor();
  await page.getByRole('listitem').filter({ hasText: invitee }).waitFor();
  await screenshot(page, 'members-pending-invitations');

  // The invitee opens the mailed link in a browser of their own, signed out.
  const link = await invitationLink(invitee);
  expect(new URL(link).pathname).toBe('/register/invitation');
  const guestContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const invited = await guestContext.newPage();
  const inviteeProblems = watchConsole(invited);
  await invited.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
  await invited.getByRole('heading', { name: 'Join Harbour' }).waitFor();
  await invited.getByText('Olga Owner invited you to join Harbour as Member.').waitFor();
  await screenshot(invited, 'invitation-register');
  await invited.getByLabel('Full name').fill('Nina Newbie');
  await invited.getByLabel('Password').fill('a long enough password');
  await invited.getByRole('button', { name: 'Create account and join' }).click();
  await invited.getByRole('heading', { level: 1, name: 'Harbour', exact: true }).waitFor();
  expect(new URL(invited.url()).pathname).toBe(teamPath);
  // A member by default sees no permissions screen tab either (only owner and admin manage them).
  await invited
    .getByRole('navigation', { name: 'Workspace sections' })
    .getByRole('link', { name: 'Members' })
    .waitFor();

  // The owner sees the new member and makes them a restricted member.
  await page.reload();
  await page.getByRole('heading', { name: 'Members' }).waitFor();
  await page.getByRole('button', { name: /^Role: Nina Newbie/ }).click();
  await page.getByRole('option', { name: 'Restricted member' }).click();
  await page.getByRole('status').filter({ hasText: 'Nina Newbie is now Restricted member.' }).waitFor();
  await page.getByText('No pending invitations.').waitFor();

  // The owner can open the permissions screen; the restricted member cannot.
  await sections.getByRole('link', { name: 'Permissions' }).click();
  await page.getByRole('table').waitFor();
  await screenshot(page, 'team-permissions');

  await invited.goto(`${baseUrl}${teamPath}`);
  await invited.getByRole('heading', { level: 1, name: 'Harbour', exact: true }).waitFor();
  await expect
    .poll(() =>
      invited.getByRole('navigation', { name: 'Workspace sections' }).getByRole('link').allTextContents(),
    )
    .toEqual(['Boards', 'Members', 'Shared links']);
  await invited.goto(`${baseUrl}${teamPath}/permissions`);
  await invited.getByText('This action is unauthorized.').waitFor();
  expect(await invited.getByRole('table').count()).toBe(0);
  expect(await invited.getByRole('button', { name: 'Invite members' }).count()).toBe(0);

  // The owner lets restricted members manage permissions: the saved rule takes effect for them.
  await page.getByRole('checkbox', { name: 'Restricted member: Manage permissions' }).check();
  await page.getByText('You have unsaved changes.').waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'The permissions were saved.' }).waitFor();
  await invited.reload();
  await invited.getByRole('table').waitFor();
  expect(
    await invited.getByRole('checkbox', { name: 'Restricted member: Manage permissions' }).isChecked(),
  ).toBe(true);

  // The link is spent.
  await invited.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
  await invited.getByText('Invitation is not valid').waitFor();

  expect(problems).toEqual([]);
  expect(inviteeProblems.filter((p) => !/status of 422/.test(p))).toEqual([]);
  await ownerContext.close();
  await guestContext.close();
});

test('someone with an account signs in from the invitation and joins; signed in as someone else they are told so', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Otto Owner');
  const invitee = await createVerifiedAccount(baseUrl, 'Ivy Invitee');
  const other = await createVerifiedAccount(baseUrl, 'Sam Someone');
  const auth = { authorization: `Bearer ${owner.token.access_token}`, 'content-type': 'application/json' };
  const team = (await (
    await fetch(`${baseUrl}/api/teams`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Atelier' }),
    })
  ).json()) as { id: number };
  const invited = await fetch(`${baseUrl}/api/teams/${team.id}/members`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ invitations: [{ email: invitee.email, role: 'admin' }] }),
  });
  expect(invited.status).toBe(200);
  const link = (await invitationLink(invitee.email)).replace(/^https?:\/\/[^/]+/, baseUrl);

  const wrong = await browser.newContext();
  await signInContext(wrong, other.token);
  const wrongPage = await wrong.newPage();
  await wrongPage.goto(link);
  await wrongPage.getByText('This invitation is associated with another account').waitFor();
  await wrong.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('heading', { name: 'Join Atelier' }).waitFor();
  await page.getByLabel('Password').fill(invitee.password);
  await page.getByRole('button', { name: 'Sign in and join' }).click();
  await page.getByRole('heading', { level: 1, name: 'Atelier', exact: true }).waitFor();
  await page.getByText('Admin', { exact: false }).first().waitFor();
  await context.close();
});

test('an invitation also waits on the invitee’s home page, where they join without the mail', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Hana Host');
  const invitee = await createVerifiedAccount(baseUrl, 'Gus Guest');
  const auth = { authorization: `Bearer ${owner.token.access_token}`, 'content-type': 'application/json' };
  const team = (await (
    await fetch(`${baseUrl}/api/teams`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Quay' }),
    })
  ).json()) as { id: number };
  await fetch(`${baseUrl}/api/teams/${team.id}/members`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ invitations: [{ email: invitee.email, role: 'guest' }] }),
  });
  const context = await browser.newContext();
  await signInContext(context, invitee.token);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('heading', { name: 'Invitations for you' }).waitFor();
  await page.getByText('Hana Host invited you to join Quay as Guest.').waitFor();
  await screenshot(page, 'home-invitations');
  await page.getByRole('button', { name: 'Join Quay' }).click();
  await page.getByRole('heading', { level: 1, name: 'Quay', exact: true }).waitFor();
  await page.getByRole('status').filter({ hasText: 'You joined Quay.' }).waitFor();
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('link', { name: /Quay/ }).first().waitFor();
  expect(await page.getByRole('heading', { name: 'Invitations for you' }).count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});
