import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import type { TestApp } from '../../test/test-app';

/**
 * The workspace's notifications once the producer has handled what was written: at least
 * `expected` of them, and whatever more came with the same pass.
 */
export async function notificationsOf(t: TestApp, teamId: number, expected: number) {
  const read = () => t.app.ctx.db.select().from(notifications).where(eq(notifications.teamId, teamId));
  await expect.poll(async () => (await read()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(expected);
  await new Promise((resolve) => setTimeout(resolve, 200));
  return read();
}
