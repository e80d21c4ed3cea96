// @vitest-environment jsdom
import type { Hook } from '@strata/contracts/hooks';
import type { TeamMember } from '@strata/contracts/teams';
import type { Action } from '@strata/domain/automations/recipe';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { initTestI18n } from '../../lib/test-i18n';
import { ActionFields } from './action-fields';
import type { AutomationBoard } from './use-automation-board';

// The fields' modules reach the app's API client, which names the build.
vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

beforeAll(async () => {
  await initTestI18n();
});
afterEach(cleanup);

const MEMBERS = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Ben' },
] as TeamMember[];

const hook = (id: string, url: string, changes: Partial<Hook> = {}): Hook => ({
  id,
  object: 'hook',
  team_id: 7,
  board_id: 'Board000001',
  user_id: 1,
  url,
  events: ['item.created'],
  secret: 'whsec_test',
  enabled: true,
  off_reason: null,
  failing_since: null,
  last_delivery_at: null,
  created_by: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  deleted: false,
  row_version: 1,
  ...changes,
});

const HOOKS = [
  hook('hook-on', 'https://example.com/on'),
  hook('hook-paused', 'https://example.com/paused', { enabled: false }),
  hook('hook-off', 'https://example.com/off', { enabled: false, off_reason: 'failing' }),
];

function board(hooks: readonly Hook[] = [], isLoaded = true): AutomationBoard {
  const context = { locale: 'en-US' };
  return {
    teamId: 7,
    boardId: 'Board000001',
    attributes: [],
    folders: [],
    forms: [],
    hooks,
    members: MEMBERS,
    context,
    names: {
      attribute: () => undefined,
      folder: () => undefined,
      form: () => undefined,
      hook: (id) => hooks.find((one) => one.id === id)?.url,
      member: (id) => MEMBERS.find((one) => one.id === id)?.name,
      context,
    },
    recipeBoard: { attributes: [], folderIds: [], hookIds: hooks.map((one) => one.id) },
    isLoaded,
  };
}

function Harness({
  start,
  seen,
  hooks,
  isLoaded,
  problems = new Map(),
}: {
  start: Action;
  seen: Action[];
  hooks?: readonly Hook[];
  isLoaded?: boolean;
  problems?: ReadonlyMap<string, string>;
}) {
  const [action, setAction] = useState(start);
  return (
    <MemoryRouter>
      <ActionFields
        action={action}
        path="actions.0"
        board={board(hooks, isLoaded)}
        problems={problems}
        onChange={(next) => {
          seen.push(next);
          setAction(next);
        }}
      />
    </MemoryRouter>
  );
}

test('a comment names the people it mentions: the workspace’s people, not the one who acted', () => {
  const seen: Action[] = [];
  render(<Harness start={{ kind: 'add_comment', text: 'Done', mention_user_ids: [] }} seen={seen} />);
  const mentions = screen.getByRole('group', { name: 'Mention' });
  // Only the workspace's people: a mention names someone, not "whoever acted".
  expect(within(mentions).getAllByRole('checkbox')).toHaveLength(MEMBERS.length);
  fireEvent.click(within(mentions).getByRole('checkbox', { name: 'Ben' }));
  fireEvent.click(within(mentions).getByRole('checkbox', { name: 'Ada' }));
  fireEvent.click(within(mentions).getByRole('checkbox', { name: 'Ben' }));
  expect(seen.map((action) => (action as { mention_user_ids: number[] }).mention_user_ids)).toEqual([
    [2],
    [2, 1],
    [1],
  ]);
});

describe('a call-webhook action', () => {
  test("offers the board's webhooks by address, paused and switched-off ones marked", () => {
    const seen: Action[] = [];
    render(<Harness start={{ kind: 'call_webhook', hook_id: null }} seen={seen} hooks={HOOKS} />);
    const select = screen.getByRole('combobox', { name: 'Webhook' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose…',
      'https://example.com/on',
      'https://example.com/paused (paused)',
      'https://example.com/off (switched off)',
    ]);
    fireEvent.change(select, { target: { value: 'hook-paused' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(seen).toEqual([
      { kind: 'call_webhook', hook_id: 'hook-paused' },
      { kind: 'call_webhook', hook_id: null },
    ]);
    expect(screen.queryByRole('link', { name: 'Make one' })).toBeNull();
  });

  test('on a board without webhooks, says so and leads to making one for this board', () => {
    render(<Harness start={{ kind: 'call_webhook', hook_id: null }} seen={[]} />);
    const select = screen.getByRole('combobox', { name: 'Webhook' });
    expect(select.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('This board has no webhooks yet.').id).toBe(
      select.getAttribute('aria-describedby'),
    );
    expect(screen.getByRole('link', { name: 'Make one' }).getAttribute('href')).toBe(
      '/profile/developer/hooks?team=7&board=Board000001',
    );
  });

  test('while the webhooks are still coming, tells neither "none" nor a problem', () => {
    render(
      <Harness
        start={{ kind: 'call_webhook', hook_id: 'hook-on' }}
        seen={[]}
        isLoaded={false}
        problems={new Map([['actions.0.hook_id', 'INVALID']])}
      />,
    );
    expect(screen.queryByText('This board has no webhooks yet.')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Make one' })).toBeNull();
    expect(screen.queryByText('This is not valid')).toBeNull();
  });

  test.each([
    ['an empty blank', null, 'REQUIRED', 'Fill this in'],
    ['a webhook deleted since', 'hook-gone', 'INVALID', 'This is not valid'],
  ])('shows the problem of %s at its field', (_, hookId, code, text) => {
    render(
      <Harness
        start={{ kind: 'call_webhook', hook_id: hookId }}
        seen={[]}
        hooks={HOOKS}
        problems={new Map([['actions.0.hook_id', code]])}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Webhook' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(text)).toBeTruthy();
  });
});
