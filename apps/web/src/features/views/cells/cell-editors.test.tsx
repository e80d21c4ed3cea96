// @vitest-environment jsdom
import type { AttributeType } from '@strata/domain/attributes/attribute-types';
import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { dateExample } from '../../../lib/date-example';
import { attributeOf, CONTEXT, LABEL_DONE, LABEL_STUCK, MEMBERS, setupViewsTest } from '../views-test-setup';
import { CELL_TYPES } from './cell-registry';

beforeAll(setupViewsTest);
afterEach(cleanup);

const ENTRY = '5f1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0001';

function openEditor(attribute: AttributeDefinition, data: unknown = null, initialText?: string) {
  const onCommit = vi.fn();
  const onCancel = vi.fn();
  const Edit = CELL_TYPES[attribute.type].Edit!;
  render(
    <Edit
      attribute={attribute}
      data={data}
      context={CONTEXT}
      members={MEMBERS}
      onCommit={onCommit}
      onCancel={onCancel}
      initialText={initialText}
    />,
  );
  return { onCommit, onCancel };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const typeInto = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const press = (input: HTMLElement, key: string) => fireEvent.keyDown(input, { key });
const click = (name: string, role: 'button' | 'option' | 'checkbox' = 'button') =>
  fireEvent.click(screen.getByRole(role, { name }));

interface InlineCase {
  type: AttributeType;
  typed: string;
  /** The data committed, in the shape of docs/attributes.md; or the error shown instead. */
  commits?: unknown;
  error?: string;
}

/** One-line editors: the text is typed, Enter commits if the domain accepts it. */
const INLINE_CASES: InlineCase[] = [
  { type: 'text', typed: 'Launch plan', commits: 'Launch plan' },
  { type: 'text', typed: '', commits: null },
  { type: 'email', typed: ' ann@example.com ', commits: 'ann@example.com' },
  { type: 'email', typed: 'not-an-email', error: 'The email must be a valid email address.' },
  { type: 'phone', typed: '+44 20 7946 0958', commits: '+44 20 7946 0958' },
  { type: 'phone', typed: 'call me', error: 'The phone number format is invalid.' },
  { type: 'number', typed: '1,234.5', commits: 1234.5 },
  { type: 'number', typed: 'lots', error: 'Enter a number.' },
  { type: 'progress', typed: '40', commits: 40 },
  { type: 'progress', typed: '150', error: 'Enter a number from 0 to 100.' },
  { type: 'progress', typed: '2.5', error: 'Enter a whole number.' },
  { type: 'rating', typed: '4', commits: 4 },
  { type: 'rating', typed: '9', error: 'Enter a number from 0 to 5.' },
  { type: 'date', typed: '2026-03-20', commits: '2026-03-20' },
  { type: 'date', typed: '2026-02-30', error: `Enter a date such as ${dateExample('en-US')}.` },
  { type: 'date', typed: '', commits: null },
];

describe('inline editors validate with the domain before committing', () => {
  test.each(INLINE_CASES)('$type: $typed', ({ type, typed, commits, error }) => {
    const { onCommit } = openEditor(attributeOf(type));
    const input = field(type);
    typeInto(input, typed);
    press(input, 'Enter');
    if (error === undefined) {
      expect(onCommit).toHaveBeenCalledTimes(1);
      expect(onCommit.mock.calls[0]![0]).toEqual(commits);
      expect(screen.queryByRole('alert')).toBeNull();
    } else {
      expect(onCommit).not.toHaveBeenCalled();
      expect(screen.getByRole('alert').textContent).toBe(error);
      expect(input.getAttribute('aria-invalid')).toBe('true');
    }
  });

  test('typing into a cell starts the editor with that character', () => {
    openEditor(attributeOf('text'), 'Old', 'N');
    expect(field('text').value).toBe('N');
  });

  test('Escape cancels without committing; leaving the field commits once', () => {
    const first = openEditor(attributeOf('text'), 'Old');
    typeInto(field('text'), 'New');
    press(field('text'), 'Escape');
    expect(first.onCancel).toHaveBeenCalled();
    expect(first.onCommit).not.toHaveBeenCalled();
    cleanup();
    const second = openEditor(attributeOf('text'), 'Old');
    typeInto(field('text'), 'New');
    press(field('text'), 'Enter');
    fireEvent.blur(field('text'));
    expect(second.onCommit).toHaveBeenCalledTimes(1);
  });

  test('a refused value left by blur is dropped, not written', () => {
    const { onCommit, onCancel } = openEditor(attributeOf('email'));
    typeInto(field('email'), 'nope');
    fireEvent.blur(field('email'));
    expect(onCommit).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('popover editors', () => {
  test('long text: the rich-text editor loads on demand and saves its HTML', async () => {
    const { onCommit } = openEditor(attributeOf('longtext'), '<p>Old <strong>bold</strong></p>');
    // The editor's chunk (TipTap) loads on demand: on a busy machine that takes more than a second.
    const content = await screen.findByRole('textbox', { name: 'longtext' }, { timeout: 15_000 });
    expect(content.querySelector('strong')?.textContent).toBe('bold');
    click('Save');
    expect(onCommit).toHaveBeenCalledWith('<p>Old <strong>bold</strong></p>', undefined);
  });

  test('one label: picking commits the label id list', () => {
    const { onCommit } = openEditor(attributeOf('label'), null);
    click('Done', 'option');
    expect(onCommit).toHaveBeenCalledWith([LABEL_DONE], undefined);
  });

  test('one label: picking the chosen label clears the value', () => {
    const { onCommit } = openEditor(attributeOf('label'), [LABEL_DONE]);
    click('Done', 'option');
    expect(onCommit).toHaveBeenCalledWith(null, undefined);
  });

  test('several labels: the choices are committed together when the picker closes', () => {
    const attribute = attributeOf('label');
    const { onCommit } = openEditor(
      { ...attribute, settings: { ...(attribute.settings as object), multiple: true } },
      [LABEL_DONE],
    );
    click('Stuck', 'option');
    expect(onCommit).not.toHaveBeenCalled();
    press(document.activeElement as HTMLElement, 'Escape');
    expect(onCommit).toHaveBeenCalledWith([LABEL_DONE, LABEL_STUCK], undefined);
  });

  test('the label picker filters by the typed text and Enter picks the active option', () => {
    const { onCommit } = openEditor(attributeOf('label'), null, 'st');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Stuck']);
    press(screen.getByRole('combobox'), 'Enter');
    expect(onCommit).toHaveBeenCalledWith([LABEL_STUCK], undefined);
  });

  test('one member: picking commits the user id list', () => {
    const { onCommit } = openEditor(attributeOf('members', { settings: { multiple: false } }));
    click('Ann Lee', 'option');
    expect(onCommit).toHaveBeenCalledWith([1], undefined);
  });

  test('a start and end date whose end is before its start is flagged, and still saved', () => {
    const { onCommit } = openEditor(attributeOf('date_range'));
    typeInto(field('Start'), '2026-03-20');
    typeInto(field('End'), '2026-03-10');
    expect(screen.getByRole('status').textContent).toBe('The end date is before the start date.');
    click('Save');
    expect(onCommit).toHaveBeenCalledWith({ start: '2026-03-20', end: '2026-03-10' }, undefined);
  });

  test('a start and end date refuses what is no date', () => {
    const { onCommit } = openEditor(attributeOf('date_range'));
    typeInto(field('Start'), 'soon');
    press(field('Start'), 'Enter');
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(`Enter a date such as ${dateExample('en-US')}.`);
  });

  test('links: a bare host gets https:// and is saved with an id; the editor stays open', () => {
    const { onCommit } = openEditor(attributeOf('links'));
    typeInto(field('URL'), 'example.com/spec');
    typeInto(field('Name (optional)'), 'Spec');
    click('Add link');
    expect(onCommit).toHaveBeenCalledWith(
      [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          url: 'https://example.com/spec',
          name: 'Spec',
          favicon: null,
        },
      ],
      { keepOpen: true },
    );
    expect(screen.getByRole('link', { name: 'Spec' })).toBeTruthy();
  });

  test('links: what is no URL is refused with the message', () => {
    const { onCommit } = openEditor(attributeOf('links'));
    typeInto(field('URL'), 'not a url');
    click('Add link');
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Not a valid URL format');
  });

  test('checklist: tick and add entries, each saved at once', () => {
    const { onCommit } = openEditor(attributeOf('checklist'), [{ id: ENTRY, name: 'Draft', done: false }]);
    click('Draft', 'checkbox');
    expect(onCommit).toHaveBeenLastCalledWith([{ id: ENTRY, name: 'Draft', done: true }], { keepOpen: true });
    typeInto(field('New entry'), 'Review');
    click('Add entry');
    expect(onCommit).toHaveBeenLastCalledWith(
      [
        { id: ENTRY, name: 'Draft', done: true },
        { id: expect.any(String), name: 'Review', done: false },
      ],
      { keepOpen: true },
    );
    expect(screen.getByText('1 of 2 done')).toBeTruthy();
  });

  test('checklist: an entry without a name is refused', () => {
    const { onCommit } = openEditor(attributeOf('checklist'));
    act(() => click('Add entry'));
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('The name is required.');
  });
});
