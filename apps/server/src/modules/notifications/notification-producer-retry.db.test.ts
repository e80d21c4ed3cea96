import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DispatchedEvent } from '../../events/dispatched-event';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createNotificationProducer, NOTIFY_JOB, type NotifyingEvent } from './notification-producer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const event = (id: string): DispatchedEvent => ({
  id: 1,
  teamId: 1,
  type: 'comment.created',
  channel: 'team.1.board.b',
  actorId: 7,
  payload: { id },
  createdAt: new Date(),
});

async function jobsFor(commentId: string) {
  const { rows } = await t.app.ctx.database.executeSql(
    `SELECT data FROM pgboss.job WHERE name = $1 AND data -> 'payload' ->> 'id' = $2`,
    [NOTIFY_JOB, commentId],
  );
  return rows as { data: NotifyingEvent }[];
}

describe('the notification producer', () => {
  test('produces events in order without holding up the handing out; a failed one goes to the job, the next still runs', async () => {
    const steps: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const producer = createNotificationProducer(t.app.ctx, {
      'comment.created': async (_ctx, e) => {
        const id = String(e.payload.id);
        if (id === 'first') await gate;
        if (id === 'broken') throw new Error('the database went away');
        steps.push(id);
      },
    });
    for (const id of ['first', 'broken', 'third']) await producer.handle(event(id));
    // handle returned before anything was produced: the dispatcher hands the batch's other events out.
    expect(steps).toEqual([]);
    release();
    await producer.afterBatch?.();
    expect(steps).toEqual(['first', 'third']);
    const retried = await jobsFor('broken');
    expect(retried.map((job) => job.data)).toEqual([
      { type: 'comment.created', teamId: 1, actorId: 7, payload: { id: 'broken' } },
    ]);
    expect(await jobsFor('third')).toEqual([]);
  });
});
