import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createVerifiedAccount, signInContext } from './accounts';
import { launchChromium, watchConsole } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function api(token: Record<string, unknown>, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

test('an open workspace follows role and permission changes made elsewhere, without reload', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Rita Realtime');
  const member = await createVerifiedAccount(baseUrl, 'Milo Member');
  const team = (await api(owner.token, 'POST', '/api/teams', { name: 'Live crew' })) as { id: number };
  await api(owner.token, 'POST', `/api/teams/${team.id}/members`, {
    invitations: [{ email: member.email, role: 'full-member' }],
  });
  interface Mail {
    to: string;
    subject: string;
    text: string;
  }
  let mail: Mail | undefined;
  while (!mail) {
    const mails = (await (await fetch(`${baseUrl}/api/dev/mail`)).json()) as Mail[];
    mail = mails.find((m) => m.to === member.email && /invited you/.test(m.subject));
    if (!mail) await new Promise((r) => setTimeout(r, 200));
  }
  const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  await api(member.token, 'POST', '/api/invitations/accept', {
    token: link.searchParams.get('token'),
    email: member.email,
  });

  const context = await browser.newContext();
  await signInContext(context, member.token);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${baseUrl}/team/${team.id}/members`);
  await page.getByRole('heading', { level: 1, name: 'Live crew' }).waitFor();
  const tabs = page.getByRole('navigation', { name: 'Workspace sections' }).getByRole('link');
  await expect.poll(() => tabs.allTextContents()).toEqual(['Boards', 'Members', 'Shared links']);
  // The channel authorisations go out after the 2 s batch window.
  await page.waitForTimeout(3_000);

  // The owner lets full members manage permissions: the member's screen gains the tab.
  const [record] = (await api(owner.token, 'GET', `/api/${team.id}/permissions`)) as {
    row_version: number;
  }[];
  await api(owner.token, 'POST', `/api/${team.id}/permissions`, {
    resource_type: 'workspace',
    resource_id: String(team.id),
    permissions: ['MANAGE_PERMISSIONS:allow:role:full-member'],
    final_permissions: [],
    row_version: record!.row_version + 1,
  });
  await expect
    .poll(() => tabs.allTextContents(), { timeout: 10_000 })
    .toEqual(['Boards', 'Members', 'Permissions', 'Shared links']);

  // The owner makes them an admin: their role shows at once.
  await api(
    owner.token,
    'PUT',
    `/api/teams/${team.id}/members/${(await api(member.token, 'GET', '/api/me')).id}`,
    {
      role: 'admin',
    },
  );
  await page.getByText('Admin ·', { exact: false }).waitFor({ timeout: 10_000 });
  await expect
    .poll(() => tabs.allTextContents())
    .toEqual(['Boards', 'Members', 'Settings', 'Permissions', 'Shared links']);

  // The owner renames the workspace in their own browser: the member's heading and sidebar follow,
  // without reload.
  const ownerContext = await browser.newContext();
  await signInContext(ownerContext, owner.token);
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`${baseUrl}/team/${team.id}/settings`);
  await ownerPage.getByLabel('Workspace name').fill('Live crew, renamed');
  await ownerPage.getByRole('button', { name: 'Save' }).click();
  await ownerPage.getByRole('heading', { level: 1, name: 'Live crew, renamed' }).waitFor({ timeout: 10_000 });
  await ownerContext.close();
  await page.getByRole('heading', { level: 1, name: 'Live crew, renamed' }).waitFor({ timeout: 10_000 });
  await page
    .getByRole('navigation')
    .getByRole('link', { name: 'Live crew, renamed' })
    .first()
    .waitFor({ timeout: 10_000 });
  expect(problems).toEqual([]);
  await context.close();
});

test('an invitation appears on the invitee’s open home page at once; joining in another tab adds the workspace', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Ines Inviter');
  const invitee = await createVerifiedAccount(baseUrl, 'Theo Tabs');
  const team = (await api(owner.token, 'POST', '/api/teams', { name: 'Pier' })) as { id: number };
  const context = await browser.newContext();
  await signInContext(context, invitee.token);
  const home = await context.newPage();
  const problems = watchConsole(home);
  await home.goto(`${baseUrl}/home`);
  await home.getByText('You are not in any workspace yet.', { exact: false }).waitFor();
  // The channel authorisations go out after the 2 s batch window.
  await home.waitForTimeout(3_000);

  await api(owner.token, 'POST', `/api/teams/${team.id}/members`, {
    invitations: [{ email: invitee.email, role: 'full-member' }],
  });
  await home.getByRole('heading', { name: 'Invitations for you' }).waitFor({ timeout: 10_000 });

  const [invitation] = (await api(invitee.token, 'GET', '/api/me/invitations')) as { id: string }[];
  await api(invitee.token, 'POST', `/api/me/invitations/${invitation!.id}/accept`, {});
  await home.getByRole('link', { name: /Pier/ }).first().waitFor({ timeout: 10_000 });
  await expect.poll(() => home.getByRole('heading', { name: 'Invitations for you' }).count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});
