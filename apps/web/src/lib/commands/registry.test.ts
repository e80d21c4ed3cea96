import { expect, test, vi } from 'vitest';
import type { Command } from './command';
import { createCommandRegistry } from './registry';

const command = (id: string, label = id): Command => ({ id, label, group: 'help', perform: () => undefined });

test('a screen’s commands are listed after the app’s while registered, and gone once it unregisters', () => {
  const registry = createCommandRegistry();
  const listener = vi.fn();
  registry.subscribe(listener);
  registry.register([command('app.a'), command('app.b')]);
  const unregister = registry.register([command('screen.c')]);
  expect(registry.list().map((entry) => entry.id)).toEqual(['app.a', 'app.b', 'screen.c']);
  unregister();
  expect(registry.list().map((entry) => entry.id)).toEqual(['app.a', 'app.b']);
  expect(listener).toHaveBeenCalledTimes(3);
  // Unregistering twice changes nothing and tells no one.
  unregister();
  expect(listener).toHaveBeenCalledTimes(3);
});

test('an id registered twice is found as the later copy (a screen overriding the app’s)', () => {
  const registry = createCommandRegistry();
  registry.register([command('x', 'app')]);
  const unregister = registry.register([command('x', 'screen')]);
  expect(registry.find('x')?.label).toBe('screen');
  unregister();
  expect(registry.find('x')?.label).toBe('app');
});

test('the list is the same object until something registers (a stable snapshot for React)', () => {
  const registry = createCommandRegistry();
  registry.register([command('a')]);
  const first = registry.list();
  expect(registry.list()).toBe(first);
  registry.register([command('b')]);
  expect(registry.list()).not.toBe(first);
});

test('whenRegistered settles once the id is registered, again after it went and came back (signing out and in)', async () => {
  const registry = createCommandRegistry();
  const settled: string[] = [];
  const first = registry.whenRegistered('account.signOut');
  expect(registry.whenRegistered('account.signOut')).toBe(first);
  void first.then(() => settled.push('first'));
  registry.register([command('other')]);
  await Promise.resolve();
  expect(settled).toEqual([]);
  const unregister = registry.register([command('account.signOut')]);
  await first;
  expect(settled).toEqual(['first']);
  unregister();
  const second = registry.whenRegistered('account.signOut');
  expect(second).not.toBe(first);
  let isSecondSettled = false;
  void second.then(() => {
    isSecondSettled = true;
  });
  await Promise.resolve();
  expect(isSecondSettled).toBe(false);
  registry.register([command('account.signOut')]);
  await second;
  expect(isSecondSettled).toBe(true);
});
