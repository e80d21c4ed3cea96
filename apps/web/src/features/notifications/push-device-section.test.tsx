// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { initTestI18n } from '../../lib/test-i18n';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api', () => ({ api }));

const { PushDeviceSection } = await import('./push-device-section');

beforeAll(async () => {
  await initTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  api.post.mockReset();
});

/** A browser that can push: a service worker, PushManager and Notification answering `permission`. */
function browserWith(permission: NotificationPermission, subscribe = vi.fn()) {
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal(
    'Notification',
    Object.assign(class {}, { permission: 'default', requestPermission: async () => permission }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { subscribe };
}

describe('push on this device', () => {
  test('a refused permission shows “User denied permissions!” in an alert, and nothing is registered', async () => {
    browserWith('denied');
    render(<PushDeviceSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push on this device' }));
    expect((await screen.findByRole('alert')).textContent).toBe('User denied permissions!');
    expect(api.post).not.toHaveBeenCalled();
  });

  test('granted: subscribes with the server key and saves the device token', async () => {
    const token = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'B', auth: 'a' } };
    const { subscribe } = browserWith(
      'granted',
      vi.fn(async () => ({ toJSON: () => token })),
    );
    api.get.mockResolvedValue({ public_key: 'BAAA' });
    api.post.mockResolvedValue({ ok: true });
    render(<PushDeviceSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push on this device' }));
    await screen.findByRole('button', { name: 'Turn off push on this device' });
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(api.post).toHaveBeenCalledWith('/api/notifications/device-tokens', { token });
  });

  test('a failed registration shows why in an alert', async () => {
    browserWith(
      'granted',
      vi.fn(async () => {
        throw new DOMException('Registration failed - push service error', 'AbortError');
      }),
    );
    api.get.mockResolvedValue({ public_key: 'BAAA' });
    render(<PushDeviceSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push on this device' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Push could not be turned on: Registration failed - push service error',
    );
  });
});
