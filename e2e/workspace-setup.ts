import type { Browser } from 'playwright-core';
import { signInContext } from './accounts';
import { watchConsole } from './browser';

export type Token = Record<string, unknown>;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A client id of a board or folder (11 base62 characters). */
export const newBase62Id = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(11)), (byte) => BASE62[byte % 62]).join('');

/** One API call as a signed-in user; anything but 2xx throws with the answer. */
export async function apiCall<T = unknown>(
  baseUrl: string,
  token: Token,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A workspace of `owner` that `member` joined as a full member (through the mailed invitation). */
export async function workspaceWithMember(
  baseUrl: string,
  owner: { token: Token },
  member: { token: Token; email: string },
): Promise<{ id: number }> {
  const team = await apiCall<{ id: number }>(baseUrl, owner.token, 'POST', '/api/teams', { name: 'Atlas' });
  await apiCall(baseUrl, owner.token, 'POST', `/api/teams/${team.id}/members`, {
    invitations: [{ email: member.email, role: 'full-member' }],
  });
  let link: URL | undefined;
  while (!link) {
    const mails = (await (await fetch(`${baseUrl}/api/dev/mail`)).json()) as {
      to: string;
      subject: string;
      text: string;
    }[];
    const mail = mails.find((m) => m.to === member.email && /invited you/.test(m.subject));
    if (mail) link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
    else await new Promise((r) => setTimeout(r, 200));
  }
  await apiCall(baseUrl, member.token, 'POST', '/api/invitations/accept', {
    token: link.searchParams.get('token'),
    email: member.email,
  });
  return team;
}

/** A new browser context signed in as the token's user, with one page whose console is watched. */
export async function signedInPage(
  browser: Browser,
  token: Token,
  options: Parameters<Browser['newContext']>[0] = {},
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  await signInContext(context, token);
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page) };
}
