// @vitest-environment jsdom
import { NOTIFICATION_TYPES } from '@strata/contracts/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { deferred } from '../../lib/test-deferred';
import { initTestI18n } from '../../lib/test-i18n';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../../lib/api', () => ({ api }));
// A guest: the page shows the mail column only (no push section to stub).
vi.mock('../../lib/session', () => ({ useSession: () => ({ profile: { id: 1, guest: true } }) }));

const { NotificationPreferencesPage } = await import('./notification-preferences-page');

beforeAll(async () => {
  await initTestI18n();
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
  api.put.mockReset();
});

const MENTIONS = 'Mentions of you in comments';
const everyKind = (email: boolean) => ({
  preferences: NOTIFICATION_TYPES.map((notification_type) => ({ notification_type, email, push: false })),
});
async function renderPage() {
  api.get.mockResolvedValue(everyKind(true));
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NotificationPreferencesPage />
    </QueryClientProvider>,
  );
  return (await screen.findByRole('checkbox', { name: MENTIONS })) as HTMLInputElement;
}

describe('a mail choice', () => {
  test('changes in the click itself, before the save answers, and stays once saved', async () => {
    const saved = deferred<unknown>();
    api.put.mockReturnValue(saved.promise);
    const box = await renderPage();
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    // Read in the same task as the click: nothing has answered or been scheduled yet.
    expect(box.checked).toBe(false);
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/api/me/notification-preferences', {
        preferences: [{ notification_type: 'MentionedInCommentNotification', email: false }],
      }),
    );
    expect(box.checked).toBe(false);
    const answer = everyKind(true);
    answer.preferences.find((p) => p.notification_type === 'MentionedInCommentNotification')!.email = false;
    await act(async () => saved.resolve(answer));
    expect(box.checked).toBe(false);
  });

  test('refused, it goes back to what it was', async () => {
    const saved = deferred<unknown>();
    api.put.mockReturnValue(saved.promise);
    const box = await renderPage();
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    await act(async () => saved.reject(new Error('Offline')));
    await waitFor(() => expect(box.checked).toBe(true));
  });

  test('clicked again before the first answer, it shows the second choice throughout', async () => {
    const first = deferred<unknown>();
    const second = deferred<unknown>();
    api.put.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const box = await renderPage();
    fireEvent.click(box);
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    const afterFirst = everyKind(true);
    afterFirst.preferences.find((p) => p.notification_type === 'MentionedInCommentNotification')!.email =
      false;
    await act(async () => first.resolve(afterFirst));
    // The first answer (off) is not drawn over the later click (on).
    expect(box.checked).toBe(true);
    await act(async () => second.resolve(everyKind(true)));
    expect(box.checked).toBe(true);
  });
});
