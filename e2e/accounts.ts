import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';

interface DevMail {
  to: string;
  subject: string;
  text: string;
}

async function waitForMail(baseUrl: string, to: string, subject: RegExp): Promise<DevMail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = (await (await fetch(`${baseUrl}/api/dev/mail`)).json()) as DevMail[];
    const mail = mails.find((m) => m.to === to && subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function post(baseUrl: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A verified account made through the API (register, mailed link, login), for tests about other things. */
export async function createVerifiedAccount(baseUrl: string, name = 'Route Walker') {
  const email = `e2e.${randomUUID().slice(0, 8)}@example.test`;
  const password = 'a long enough password';
  const registered = await post(baseUrl, '/api/auth/register', { email, name, password });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const link = new URL((await waitForMail(baseUrl, email, /Verify/)).text.match(/https?:\/\/\S+/)![0]);
  await post(baseUrl, '/api/auth/email/verify', { token: link.searchParams.get('token'), email });
  const login = await post(baseUrl, '/api/auth/login', { email, password, grantType: 'token' });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: Record<string, unknown> };
  return { email, password, token };
}

/** Signs a browser context in by storing the token record where the web app keeps it. */
export async function signInContext(context: BrowserContext, token: Record<string, unknown>): Promise<void> {
  await context.addInitScript(
    (value) => window.localStorage.setItem('strata.token', value),
    JSON.stringify(token),
  );
}
