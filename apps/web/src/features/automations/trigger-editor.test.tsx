// @vitest-environment jsdom
import type { Folder } from '@strata/contracts/boards';
import type { FolderView } from '@strata/contracts/views';
import type { Trigger } from '@strata/domain/automations/recipe';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { initTestI18n } from '../../lib/test-i18n';
import { newTrigger, type ProblemsByPath } from './recipe-draft';
import { TriggerEditor } from './trigger-editor';
import type { AutomationBoard } from './use-automation-board';

const { VIEWS } = vi.hoisted(() => {
  const view = (id: string, folderId: string, name: string, type: string) => ({
    id,
    object: 'folderview',
    team_id: 7,
    board_id: 'Board000001',
    folder_id: folderId,
    parent_id: null,
    type,
    name,
    settings: {},
    visibility: 'shared',
    locked: false,
    sort_order: null,
    created_by: 1,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    deleted: false,
    row_version: 1,
  });
  return {
    VIEWS: [
      view('table1', 'plan', 'Table', 'table'),
      view('intake', 'plan', 'Bug report', 'form'),
      view('survey', 'plan', 'Survey', 'form'),
      view('board2', 'archive', 'Board', 'columns'),
    ] as FolderView[],
  };
});

// A folder's tabs as its views store answers them.
vi.mock('../../lib/views/use-views', () => ({
  useFolderViews: (_teamId: number, _boardId: string, folderId: string | undefined) => ({
    data: folderId === undefined ? undefined : VIEWS.filter((view) => view.folder_id === folderId),
  }),
}));

beforeAll(async () => {
  await initTestI18n();
});
afterEach(cleanup);

const FOLDERS = [
  { id: 'plan', name: 'Plan' },
  { id: 'archive', name: 'Archive' },
] as Folder[];
const FORMS = VIEWS.filter((view) => view.type === 'form');

const BOARD: AutomationBoard = {
  teamId: 7,
  boardId: 'Board000001',
  attributes: [],
  folders: FOLDERS,
  forms: FORMS,
  hooks: [],
  members: [],
  context: { locale: 'en-US' },
  names: {
    attribute: () => undefined,
    folder: (id) => FOLDERS.find((folder) => folder.id === id)?.name,
    form: (id) => FORMS.find((form) => form.id === id)?.name,
    hook: () => undefined,
    member: () => undefined,
    context: { locale: 'en-US' },
  },
  recipeBoard: { attributes: [], folderIds: ['plan', 'archive'], formIds: ['intake', 'survey'] },
  isLoaded: true,
};

/** The trigger as the builder holds it: every change is kept and drawn again. */
function Harness({
  start,
  problems,
  onChange,
}: {
  start: Trigger;
  problems: ProblemsByPath;
  onChange(trigger: Trigger): void;
}) {
  const [trigger, setTrigger] = useState(start);
  return (
    <TriggerEditor
      trigger={trigger}
      board={BOARD}
      creatorId={null}
      problems={problems}
      onChange={(next) => {
        onChange(next);
        setTrigger(next);
      }}
    />
  );
}

function renderEditor(start: Trigger, problems: ProblemsByPath = new Map()) {
  const seen = { trigger: start };
  render(
    <Harness
      start={start}
      problems={problems}
      onChange={(next) => {
        seen.trigger = next;
      }}
    />,
  );
  return seen;
}

const options = (name: string) =>
  [...(screen.getByRole('combobox', { name }) as HTMLSelectElement).options].map((option) => option.text);

describe('the form trigger', () => {
  test('is offered; a folder is chosen first, then one of its forms or any', () => {
    const seen = renderEditor(newTrigger('item_created'));
    expect(options('Trigger')).toContain('A form is submitted');
    fireEvent.change(screen.getByRole('combobox', { name: 'Trigger' }), {
      target: { value: 'form_submitted' },
    });
    expect(seen.trigger).toEqual({ kind: 'form_submitted', folder_id: null, form_id: null });
    // Any folder: any form, nothing more to choose.
    expect(screen.queryByRole('combobox', { name: 'Form' })).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'In folder' }), { target: { value: 'plan' } });
    // The folder's views of type form only.
    expect(options('Form')).toEqual(['Any form', 'Bug report', 'Survey']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Form' }), { target: { value: 'intake' } });
    expect(seen.trigger).toEqual({ kind: 'form_submitted', folder_id: 'plan', form_id: 'intake' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Form' }), { target: { value: '' } });
    expect(seen.trigger).toEqual({ kind: 'form_submitted', folder_id: 'plan', form_id: null });
  });

  test('another folder empties the form chosen in the one before', () => {
    const seen = renderEditor({ kind: 'form_submitted', folder_id: 'plan', form_id: 'survey' });
    expect((screen.getByRole('combobox', { name: 'Form' }) as HTMLSelectElement).value).toBe('survey');
    fireEvent.change(screen.getByRole('combobox', { name: 'In folder' }), { target: { value: 'archive' } });
    expect(seen.trigger).toEqual({ kind: 'form_submitted', folder_id: 'archive', form_id: null });
    // A folder without a form says so.
    const form = screen.getByRole('combobox', { name: 'Form' });
    expect(options('Form')).toEqual(['Any form']);
    expect(screen.getByText('This folder has no form yet.').id).toBe(form.getAttribute('aria-describedby'));
  });

  test("a form named without a folder (saved through the API) is shown among the board's forms", () => {
    renderEditor({ kind: 'form_submitted', folder_id: null, form_id: 'intake' });
    expect(options('Form')).toEqual(['Any form', 'Bug report', 'Survey']);
    expect((screen.getByRole('combobox', { name: 'Form' }) as HTMLSelectElement).value).toBe('intake');
  });

  test('a form the board no longer has is marked with its problem', () => {
    renderEditor(
      { kind: 'form_submitted', folder_id: 'plan', form_id: 'gone' },
      new Map([['trigger.form_id', 'INVALID']]),
    );
    const form = screen.getByRole('combobox', { name: 'Form' });
    expect(form.getAttribute('aria-invalid')).toBe('true');
    expect((form as HTMLSelectElement).selectedOptions[0]?.text).toBe('(deleted)');
    expect(screen.getByText('This is not valid')).toBeTruthy();
  });
});
