import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { buildRegistration } from '@strata/test-utils/factories';
import { SMTPServer } from 'smtp-server';
import { afterEach, expect, test } from 'vitest';
import { seedWorkspace } from '../modules/changes/changes.fixtures';
import { itemApi } from '../modules/items/items.fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

interface Received {
  to: string[];
  raw: string;
}

function startSmtp(port: number, inbox: Received[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

let app: TestApp | undefined;
let smtp: SMTPServer | undefined;
afterEach(async () => {
  await app?.close();
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  app = smtp = undefined;
});

test('a real SMTP server receives the verification mail', async () => {
  const port = await freePort();
  const inbox: Received[] = [];
  smtp = await startSmtp(port, inbox);
  app = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Strata <hello@strata.test>' },
  });
  const input = buildRegistration();
  expect((await app.request({ method: 'POST', url: '/api/auth/register', json: input })).statusCode).toBe(
    201,
  );
  await until(() => inbox.length > 0, 15_000);
  expect(inbox[0]!.to).toEqual([input.email]);
  expect(inbox[0]!.raw).toContain('Subject: Verify your email address for Strata');
  expect(inbox[0]!.raw).toContain('From: Strata <hello@strata.test>');
  expect(inbox[0]!.raw).toMatch(/verify-email\?token=/);
});

test('while the SMTP server is down the mail job retries, and the mail arrives once it is up', async () => {
  const port = await freePort();
  const inbox: Received[] = [];
  app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  const input = buildRegistration();
  expect((await app.request({ method: 'POST', url: '/api/auth/register', json: input })).statusCode).toBe(
    201,
  );
  await new Promise((r) => setTimeout(r, 1500));
  expect(await app.app.ctx.jobs.pendingCount('mail.send')).toBe(1);
  smtp = await startSmtp(port, inbox);
  await until(() => inbox.length > 0, 30_000);
  expect(inbox[0]!.to).toEqual([input.email]);
});

test('a notification mail reaches a real SMTP server, with the link that opens it and its List-Unsubscribe headers', async () => {
  const port = await freePort();
  const inbox: Received[] = [];
  smtp = await startSmtp(port, inbox);
  app = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, NOTIFICATION_EMAIL_DELAY_S: '0' },
  });
  const api = itemApi(app);
  const s = await seedWorkspace(app);
  const { board, folder, name } = await api.newPlace(s);
  const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Launch plan' } } });
  const mention = `<span data-type="mention" data-id="${s['full-member'].id}" data-label="X">@X</span>`;
  const res = await api.send('PUT', `/api/${s.team.id}/comments/${randomUUID()}`, s.guest.token, {
    text: { html: `<p>${mention} please look</p>` },
    board_id: board.id,
    item_id: item.id,
    row_version: 1,
  });
  expect(res.status).toBe(200);
  const to = s['full-member'].email;
  await until(() => inbox.some((mail) => mail.to.includes(to)), 20_000);
  const mail = inbox.find((received) => received.to.includes(to))!;
  expect(mail.raw).toContain('Subject: A guest mentioned you in Launch plan');
  // Quoted-printable: soft line breaks out, `=3D` is `=`.
  const text = mail.raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
  expect(text).toMatch(/\/b\/\w+\/\w+\/[\w-]+\?t=comments&comment=[\w-]+&notification=[\w-]+/);
  // Header lines may be folded: unfold them first.
  const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  expect(headers).toMatch(
    /^List-Unsubscribe: <http:\/\/strata\.test\/api\/unsubscribe\?u=\d+&e=\d+&s=[\w-]+>$/m,
  );
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
});
