import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { type BusMessage, createBus, type RealtimeBus } from './bus';

const redisUrl = process.env.TEST_REDIS_URL;
const log = pino({ level: 'silent' });

/**
 * The Redis bus's promise (bus.ts): a publish resolves once its message has come back to this
 * node, so a write answered after it has reached every node's subscriber in the same pass.
 */
describe.skipIf(!redisUrl)('the Redis bus', () => {
  const opened: RealtimeBus[] = [];
  const open = async (channel: string) => {
    const bus = createBus({ redisUrl, channel, log });
    opened.push(bus);
    return bus;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
  });

  test('a publish resolves after this node has handled the message, every time, untagged', async () => {
    const channel = `strata-test-bus-${randomUUID()}`;
    const bus = await open(channel);
    const seen: BusMessage[] = [];
    bus.onMessage((message) => seen.push(message));
    await bus.start();
    for (let n = 0; n < 200; n++) {
      const message: BusMessage = { kind: 'member-removed', teamId: n, userId: 1 };
      await bus.publish(message);
      expect(seen.at(-1)).toEqual(message);
    }
    expect(seen).toHaveLength(200);
  });

  test('another node hears it too', async () => {
    const channel = `strata-test-bus-${randomUUID()}`;
    const [a, b] = [await open(channel), await open(channel)];
    const heard: BusMessage[] = [];
    b.onMessage((message) => heard.push(message));
    await Promise.all([a.start(), b.start()]);
    await a.publish({ kind: 'board-access-changed', teamId: 7 });
    await expect.poll(() => heard).toEqual([{ kind: 'board-access-changed', teamId: 7 }]);
  });

  test('a publish before this node listens does not hang', async () => {
    const bus = await open(`strata-test-bus-${randomUUID()}`);
    const started = performance.now();
    await bus.publish({ kind: 'member-removed', teamId: 1, userId: 1 });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
