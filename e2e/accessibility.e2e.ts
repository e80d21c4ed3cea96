import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount, signInContext } from './accounts';
import { launchChromium } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let token: Record<string, unknown>;
beforeAll(async () => {
  browser = await launchChromium();
  token = (await createVerifiedAccount(baseUrl, 'Ally Access')).token;
  const created = await fetch(`${baseUrl}/api/teams`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` },
    body: JSON.stringify({ name: 'Accessible' }),
  });
  const teamId = ((await created.json()) as { id: number }).id;
  const invitee = `ally.invitee.${Date.now()}@example.test`;
  await fetch(`${baseUrl}/api/teams/${teamId}/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` },
    body: JSON.stringify({ invitations: [{ email: invitee, role: 'guest' }] }),
  });
  PAGES.push(
    { path: await invitationPath(invitee), heading: 'Join Accessible', signedIn: false },
    { path: `/team/${teamId}/permissions`, heading: 'Accessible', signedIn: true },
    { path: '/workspace/create', heading: 'Create a workspace', signedIn: true },
    { path: `/team/${teamId}`, heading: 'Accessible', signedIn: true },
    { path: `/team/${teamId}/members`, heading: 'Accessible', signedIn: true },
    { path: `/team/${teamId}/settings`, heading: 'Accessible', signedIn: true },
  );
});
afterAll(() => browser?.close());

/** The path of the invitation link mailed to `to` (from the development outbox). */
async function invitationPath(to: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = (await (await fetch(`${baseUrl}/api/dev/mail`)).json()) as { to: string; text: string }[];
    const mail = mails.find((m) => m.to === to);
    if (mail) {
      const url = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
      return `${url.pathname}${url.search}`;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invitation mail to ${to}`);
}

const PAGES: { path: string; heading: string | RegExp; signedIn: boolean }[] = [
  { path: '/login', heading: 'Sign in', signedIn: false },
  { path: '/register', heading: 'Create your account', signedIn: false },
  { path: '/password/reset', heading: 'Reset your password', signedIn: false },
  { path: '/no/such/page', heading: 'Page not found', signedIn: false },
  { path: '/home', heading: /Good (morning|afternoon|evening)/, signedIn: true },
  { path: '/profile/settings', heading: 'Profile settings', signedIn: true },
  { path: '/profile/security', heading: 'Security', signedIn: true },
];

test.each(['light', 'dark'] as const)(
  'axe-core finds no serious or critical violation in the %s theme',
  async (colorScheme) => {
    const found: Record<string, unknown> = {};
    for (const signedIn of [false, true]) {
      const context = await browser.newContext({ colorScheme });
      if (signedIn) await signInContext(context, token);
      const page = await context.newPage();
      for (const target of PAGES.filter((p) => p.signedIn === signedIn)) {
        await page.goto(`${baseUrl}${target.path}`);
        await page.getByRole('heading', { level: 1, name: target.heading }).waitFor();
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[target.path] = violations;
      }
      await context.close();
    }
    expect(found).toEqual({});
  },
);
