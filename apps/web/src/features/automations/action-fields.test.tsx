// @vitest-environment jsdom
import type { TeamMember } from '@strata/contracts/teams';
import type { Action } from '@strata/domain/automations/recipe';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
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

function board(): AutomationBoard {
  const context = { locale: 'en-US' };
  return {
    teamId: 7,
    boardId: 'Board000001',
    attributes: [],
    folders: [],
    forms: [],
    members: MEMBERS,
    context,
    names: {
      attribute: () => undefined,
      folder: () => undefined,
      form: () => undefined,
      member: (id) => MEMBERS.find((one) => one.id === id)?.name,
      context,
    },
    recipeBoard: { attributes: [], folderIds: [] },
    isLoaded: true,
  };
}

function Harness({ start, seen }: { start: Action; seen: Action[] }) {
  const [action, setAction] = useState(start);
  return (
    <ActionFields
      action={action}
      path="actions.0"
      board={board()}
      problems={new Map()}
      onChange={(next) => {
        seen.push(next);
        setAction(next);
      }}
    />
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
