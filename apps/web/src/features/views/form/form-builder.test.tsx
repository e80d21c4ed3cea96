// @vitest-environment jsdom
import type { FormField } from '@strata/domain/forms/form-settings';
import type { ViewSettings } from '@strata/domain/views/view-settings';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { fromLocalInput, toLocalInput } from '../../../lib/local-datetime';
import { attributeOf, settingsOf, setupViewsTest } from '../views-test-setup';
import { FormBuilder } from './form-builder';

beforeAll(() => setupViewsTest());
afterEach(cleanup);

const ATTRIBUTES = [
  attributeOf('text', { id: 'name', name: 'Name' }),
  attributeOf('email', { id: 'mail', name: 'Email' }),
  attributeOf('rating', { id: 'stars', name: 'Stars' }),
  // Not something a visitor can answer: never offered.
  attributeOf('button', { id: 'go', name: 'Go' }),
];

const MEMBERS = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Milo' },
];

/** The builder over a view whose settings change as saved; `saves` holds every save. */
function Harness({
  initial,
  saves,
  readOnly = false,
}: {
  initial: ViewSettings;
  saves: ViewSettings[];
  readOnly?: boolean;
}) {
  const [settings, setSettings] = useState(initial);
  return (
    <FormBuilder
      viewId="view-1"
      attributes={ATTRIBUTES}
      members={MEMBERS}
      settings={settings}
      readOnly={readOnly}
      onChangeSettings={(next) => {
        saves.push(next);
        setSettings(next);
      }}
    />
  );
}

const questionIds = (saves: ViewSettings[]) => saves.at(-1)?.fields.map((field) => field.attribute_id);

function addQuestion(name: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Add a question' }), {
    target: { value: ATTRIBUTES.find((attribute) => attribute.name === name)!.id },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
}

/** The builder over a store that has not drawn the saves yet: its settings stay the first. */
function SlowStore({ initial, saves }: { initial: ViewSettings; saves: ViewSettings[] }) {
  return (
    <FormBuilder
      viewId="view-1"
      attributes={ATTRIBUTES}
      members={MEMBERS}
      settings={initial}
      readOnly={false}
      onChangeSettings={(next) => saves.push(next)}
    />
  );
}

describe('the form builder', () => {
  test('the people chosen to be told of each answer are saved; unticked, taken out', () => {
    const saves: ViewSettings[] = [];
    render(<Harness initial={settingsOf()} saves={saves} />);
    const told = screen.getByRole('region', { name: 'Tell of each answer' });
    fireEvent.click(within(told).getByRole('checkbox', { name: 'Milo' }));
    fireEvent.click(within(told).getByRole('checkbox', { name: 'Ada' }));
    expect(saves.at(-1)?.notify_user_ids).toEqual([2, 1]);
    fireEvent.click(within(told).getByRole('checkbox', { name: 'Milo' }));
    expect(saves.at(-1)?.notify_user_ids).toEqual([1]);
    expect((within(told).getByRole('checkbox', { name: 'Ada' }) as HTMLInputElement).checked).toBe(true);
  });

  test('changes made before the store draws the last one build on it: nothing is lost', () => {
    const saves: ViewSettings[] = [];
    render(<SlowStore initial={settingsOf()} saves={saves} />);
    const title = screen.getByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: 'Ask the team' } });
    fireEvent.blur(title);
    addQuestion('Name');
    addQuestion('Email');
    fireEvent.click(screen.getByRole('switch', { name: 'Share form' }));
    // Shown as changed at once, though the store has not drawn it.
    expect((screen.getByRole('switch', { name: 'Share form' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('group', { name: /1\. Name/ })).toBeTruthy();
    const last = saves.at(-1)!;
    expect([last.title, last.shared, last.fields.map((field) => field.attribute_id)]).toEqual([
      'Ask the team',
      true,
      ['name', 'mail'],
    ]);
  });

  test('adds questions from the askable columns, reorders and removes them, saving each change', () => {
    const saves: ViewSettings[] = [];
    render(<Harness initial={settingsOf()} saves={saves} />);
    const offered = within(screen.getByRole('combobox', { name: 'Add a question' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toEqual(['Choose a column…', 'Name', 'Email', 'Stars']);

    addQuestion('Name');
    addQuestion('Email');
    addQuestion('Stars');
    expect(questionIds(saves)).toEqual(['name', 'mail', 'stars']);
    expect(screen.getByText('Every column this form can ask is already asked.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Move down: Name' }));
    expect(questionIds(saves)).toEqual(['mail', 'name', 'stars']);
    fireEvent.click(screen.getByRole('button', { name: 'Move up: Stars' }));
    expect(questionIds(saves)).toEqual(['mail', 'stars', 'name']);
    expect((screen.getByRole('button', { name: 'Move up: Email' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Remove question: Stars' }));
    expect(questionIds(saves)).toEqual(['mail', 'name']);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toContain('Stars');
  });

  test("a question's wording and flags are saved, and a hidden one says how its address fills it", () => {
    const saves: ViewSettings[] = [];
    render(<Harness initial={settingsOf({ fields: [{ attribute_id: 'name' }] })} saves={saves} />);
    const question = screen.getByRole('group', { name: '1. Name' });
    const label = within(question).getByLabelText('Question');
    fireEvent.focus(label);
    fireEvent.change(label, { target: { value: 'Your name' } });
    expect(saves).toHaveLength(0);
    fireEvent.blur(label);
    fireEvent.click(within(question).getByLabelText('Required'));
    fireEvent.click(within(question).getByLabelText('Hidden'));
    expect(saves.at(-1)?.fields).toEqual<FormField[]>([
      { attribute_id: 'name', label: 'Your name', required: true, hidden: true },
    ]);
    expect(screen.getByText('Not shown: filled from the page address, ?Name=value')).toBeTruthy();
  });

  test('a cover or redirect that is not a web address is refused with the message, not saved', () => {
    const saves: ViewSettings[] = [];
    render(<Harness initial={settingsOf()} saves={saves} />);
    const cover = screen.getByLabelText('Cover image URL');
    fireEvent.focus(cover);
    fireEvent.change(cover, { target: { value: 'javascript:alert(1)' } });
    fireEvent.blur(cover);
    expect(screen.getByText('Not a valid URL format')).toBeTruthy();
    expect(saves).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('Send to an address'));
    const redirect = screen.getByLabelText('Redirect URL');
    fireEvent.focus(redirect);
    fireEvent.change(redirect, { target: { value: 'https://example.com/thanks' } });
    fireEvent.blur(redirect);
    expect(saves.at(-1)?.after).toEqual({ redirect_url: 'https://example.com/thanks' });
  });

  test('sharing shows the public link of the form', () => {
    const saves: ViewSettings[] = [];
    render(<Harness initial={settingsOf()} saves={saves} />);
    expect(screen.queryByLabelText('Public link')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Share form' }));
    expect(saves.at(-1)?.shared).toBe(true);
    expect((screen.getByLabelText('Public link') as HTMLInputElement).value).toBe(
      `${location.origin}/form/view-1`,
    );
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(
      `${location.origin}/form/view-1`,
    );
  });

  test('who may not change the view sees the form without controls to change it', () => {
    const saves: ViewSettings[] = [];
    render(<Harness initial={settingsOf({ fields: [{ attribute_id: 'name' }] })} saves={saves} readOnly />);
    expect(screen.getByText('You can see this form but not change it.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Add a question' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove question: Name' })).toBeNull();
    expect((screen.getByRole('switch', { name: 'Share form' }) as HTMLInputElement).disabled).toBe(true);
  });

  test('a closing time round-trips through the datetime-local input', () => {
    const iso = '2026-06-01T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('')).toBeNull();
  });
});

describe("a question's default answer", () => {
  test('a typed default is saved when its input is left, and Clear takes it away', () => {
    const saves: ViewSettings[] = [];
    render(<Harness initial={settingsOf({ fields: [{ attribute_id: 'name' }] })} saves={saves} />);
    const question = screen.getByRole('group', { name: '1. Name' });
    const input = within(question).getByLabelText('Default answer');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '  web  ' } });
    expect(saves).toHaveLength(0);
    fireEvent.blur(input);
    expect(saves.at(-1)?.fields).toEqual<FormField[]>([{ attribute_id: 'name', default: 'web' }]);
    fireEvent.click(within(question).getByRole('button', { name: 'Clear default' }));
    expect(saves.at(-1)?.fields).toEqual<FormField[]>([{ attribute_id: 'name' }]);
    expect(within(question).queryByRole('button', { name: 'Clear default' })).toBeNull();
  });

  test('a choice is saved as picked, and a stored default shows picked', () => {
    const saves: ViewSettings[] = [];
    render(
      <Harness initial={settingsOf({ fields: [{ attribute_id: 'stars', default: 2 }] })} saves={saves} />,
    );
    const question = screen.getByRole('group', { name: '1. Stars' });
    expect((within(question).getByLabelText('2 of 5') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(question).getByLabelText('4 of 5'));
    expect(saves.at(-1)?.fields).toEqual<FormField[]>([{ attribute_id: 'stars', default: 4 }]);
  });

  test('who may not change the form sees the default without a way to change it', () => {
    const saves: ViewSettings[] = [];
    render(
      <Harness
        initial={settingsOf({ fields: [{ attribute_id: 'name', default: 'web' }] })}
        saves={saves}
        readOnly
      />,
    );
    const input = screen.getByLabelText('Default answer') as HTMLInputElement;
    expect(input.value).toBe('web');
    expect(input.disabled || input.closest('fieldset:disabled') !== null).toBe(true);
    expect(screen.queryByRole('button', { name: 'Clear default' })).toBeNull();
  });
});
