import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seriousViolations } from './a11y';
import { createVerifiedAccount } from './accounts';
import { seedAutomationBoard } from './automations-setup';
import { launchChromium, screenshot } from './browser';
import { apiCall, signedInPage } from './workspace-setup';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A receiver on this machine that keeps what it gets and answers 200. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/strata`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a webhook made from the board receives a signed event; its logs show it and redeliver it', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Wes Owner');
  const { teamId, board, path } = await seedAutomationBoard(baseUrl, owner.token);
  const receiver = await startReceiver();
  const { page, context, problems } = await signedInPage(browser, owner.token);
  try {
    await page.goto(path);
    await page.getByRole('grid', { name: 'Plan', exact: true }).getByText('Write the brief').waitFor();
    await page.getByRole('link', { name: 'Webhooks' }).click();

    const dialog = page.getByRole('dialog', { name: 'New webhook' });
    await dialog.waitFor();
    await dialog.getByLabel('Address (URL)').fill(receiver.url);
    await dialog.getByRole('checkbox', { name: 'Item created' }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'webhooks-new');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Webhook created' }).waitFor();
    const secret = await page
      .getByRole('dialog', { name: 'Webhook created' })
      .getByRole('textbox')
      .inputValue();
    expect(secret).toMatch(/^whsec_/);
    await screenshot(page, 'webhooks-created');
    await page.getByRole('link', { name: 'Open the webhook' }).click();

    // The test button reaches the receiver.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('Connection successful!').waitFor();
    expect(receiver.received.map((one) => JSON.parse(one.body).type)).toEqual(['ping']);

    // An item made on the board arrives signed with the secret.
    await apiCall(baseUrl, owner.token, 'PUT', `/api/${teamId}/items/${crypto.randomUUID()}`, {
      folder_id: board.folders.Plan,
      values: { [board.columns.Name!]: { data: 'Hooked item' } },
      row_version: 1,
    });
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    const event = new Webhook(secret).verify(
      receiver.received[1]!.body,
      receiver.received[1]!.headers as Record<string, string>,
    ) as {
      type: string;
      payload: { values: { data: unknown }[] };
    };
    expect(event.type).toBe('item.created');
    expect(event.payload.values.map((value) => value.data)).toContain('Hooked item');

    await page.getByRole('link', { name: 'Delivery logs' }).click();
    await page.getByText('item.created').first().waitFor();
    await screenshot(page, 'webhooks-logs');
    await page
      .getByRole('button', { name: /item\.created/ })
      .first()
      .click();
    await page.getByText('Request headers').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Redeliver' }).first().click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(3);
    // The same event: the same webhook-id.
    expect(receiver.received[2]!.headers['webhook-id']).toBe(receiver.received[1]!.headers['webhook-id']);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    await receiver.close();
  }
});

test('the webhooks read right to left in Arabic and dark mode, and fit a 375 px screen', async () => {
  const owner = await createVerifiedAccount(baseUrl, 'Rami Owner');
  const { teamId, board } = await seedAutomationBoard(baseUrl, owner.token);
  const id = crypto.randomUUID();
  await apiCall(baseUrl, owner.token, 'PUT', `/api/${teamId}/hooks/${id}`, {
    board_id: board.boardId,
    url: 'https://hooks.example.com/strata',
    events: ['item.created', 'comment.created'],
    row_version: 1,
  });
  await apiCall(baseUrl, owner.token, 'PUT', '/api/me', { locale: 'ar' });
  const { page, context, problems } = await signedInPage(browser, owner.token, { colorScheme: 'dark' });
  try {
    await page.goto(`${baseUrl}/profile/developer/hooks`);
    await page.getByText('https://hooks.example.com/strata').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'webhooks-ar-dark');
    await page.getByText('https://hooks.example.com/strata').click();
    await page.waitForURL(/\/profile\/developer\/hooks\/[0-9a-f-]{36}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'webhooks-hook-ar-dark');
    await page.setViewportSize({ width: 375, height: 800 });
    // Nothing runs out of the screen sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'webhooks-hook-ar-375');
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
