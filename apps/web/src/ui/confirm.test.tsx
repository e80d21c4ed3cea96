// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { initTestI18n } from '../lib/test-i18n';
import { ConfirmProvider, useConfirm } from './confirm';
import type { ConfirmOptions } from './confirm-options';

beforeAll(async () => {
  // The provider loads the dialogue on first use: loaded here, the first case does not wait on
  // the test runner transforming it.
  await import('./confirm-dialog');
  await initTestI18n();
});
afterEach(cleanup);

let confirm: ReturnType<typeof useConfirm> | undefined;
function Capture() {
  confirm = useConfirm();
  return null;
}

/** Opens the dialogue with `options` and answers what the person chose. */
function ask(options: ConfirmOptions): Promise<boolean> {
  render(
    <ConfirmProvider>
      <Capture />
    </ConfirmProvider>,
  );
  let answer: Promise<boolean> | undefined;
  act(() => {
    answer = confirm!(options);
  });
  return answer!;
}

describe('the confirm dialogue', () => {
  test.each([
    {
      options: { action: 'Delete board', title: 'Delete Launch?' },
      title: 'Delete Launch?',
      button: 'Delete board',
    },
    { options: { action: 'Remove photo' }, title: 'Are you sure?', button: 'Remove photo' },
    {
      options: { action: 'Delete 3 items', body: 'They go to the trash.' },
      title: 'Are you sure?',
      button: 'Delete 3 items',
    },
  ])('its button says $button, not Yes', async ({ options, title, button }) => {
    const answer = ask(options);
    const dialog = await screen.findByRole('dialog', { name: title });
    const labels = within(dialog)
      .getAllByRole('button')
      .map((element) => element.textContent);
    expect(labels).toContain(button);
    expect(labels.filter((label) => /^(Yes|OK)$/i.test(label ?? ''))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: button }));
    await expect(answer).resolves.toBe(true);
  });

  test('Cancel answers false', async () => {
    const answer = ask({ action: 'Delete folder' });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });
});
