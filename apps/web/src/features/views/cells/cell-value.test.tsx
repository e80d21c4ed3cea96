// @vitest-environment jsdom
import { ATTRIBUTE_TYPES, type AttributeType } from '@strata/domain/attributes/attribute-types';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { attributeOf, CONTEXT, LABEL_DONE, LABEL_STUCK, MEMBERS, setupViewsTest } from '../views-test-setup';
import { CellValue } from './cell-value';

beforeAll(setupViewsTest);
afterEach(cleanup);

const UUID = '5f1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0001';

/** Stored data of each type, in the shapes of docs/attributes.md. */
const SAMPLES: Record<AttributeType, unknown> = {
  text: 'Launch plan',
  longtext: '<p>First line</p><p>Second &amp; last</p>',
  number: 1234.5,
  checkbox: true,
  label: [LABEL_DONE],
  members: [1, 2],
  date: '2026-03-20',
  date_range: { start: '2026-03-01', end: '2026-03-10' },
  email: 'ann@example.com',
  phone: '+44 20 7946 0958',
  links: [{ id: UUID, url: 'https://example.com/spec', name: 'Spec', favicon: null }],
  checklist: [
    { id: UUID, name: 'Draft', done: true },
    { id: '5f1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0002', name: 'Review', done: false },
  ],
  attachments: [{ id: UUID, name: 'brief.pdf' }],
  progress: 40,
  rating: 3,
  reference: ['9d2a1c3e-5b6f-4a7d-8e9f-0a1b2c3d4e5f'],
  dependency: [
    { item_id: '9d2a1c3e-5b6f-4a7d-8e9f-0a1b2c3d4e5f', type: 'FS', lag_days: 0 },
    { item_id: '9d2a1c3e-5b6f-4a7d-8e9f-0a1b2c3d4e60', type: 'SS', lag_days: 2 },
  ],
  button: null,
  custom_id: 7,
  formula: 42,
  time_tracking: 3661,
  created_at: '2026-03-01T10:00:00Z',
  created_by: 2,
  updated_at: '2026-03-02T11:30:00Z',
  source_folder: 'Folder00001',
};

const renderCell = (type: AttributeType, data: unknown, extra: Record<string, unknown> = {}) =>
  render(
    <CellValue attribute={attributeOf(type)} data={data} context={CONTEXT} members={MEMBERS} {...extra} />,
  );

describe('CellValue', () => {
  test.each(ATTRIBUTE_TYPES)('draws a %s value, and an empty or malformed one without throwing', (type) => {
    expect(() => renderCell(type, SAMPLES[type])).not.toThrow();
    cleanup();
    expect(() => renderCell(type, null)).not.toThrow();
    cleanup();
    expect(() => renderCell(type, { unexpected: [1, 2] })).not.toThrow();
  });

  test.each([
    ['text', 'Launch plan'],
    ['longtext', 'First line Second & last'],
    ['number', '1,234.5'],
    ['date', 'Mar 20, 2026'],
    ['date_range', 'Mar 1, 2026 – Mar 10, 2026'],
    ['checklist', '1/2'],
    ['progress', '40%'],
    ['custom_id', 'PRJ-007'],
    ['time_tracking', '1:01:01'],
    ['reference', 'Title of 9d2a1c3e-5b6f-4a7d-8e9f-0a1b2c3d4e5f'],
    ['dependency', 'Title of 9d2a1c3e-5b6f-4a7d-8e9f-0a1b2c3d4e60 · SS +2d'],
    ['created_at', 'Mar 1, 2026, 10:00 AM'],
    ['created_by', 'Bob Stone'],
    ['source_folder', 'Folder Folder00001'],
    ['formula', '42'],
  ] as [AttributeType, string][])('shows %s as "%s"', (type, text) => {
    const { container } = renderCell(type, SAMPLES[type]);
    expect(container.textContent).toContain(text);
  });

  test('labels are chips in their colour with their text colour', () => {
    renderCell('label', [LABEL_DONE]);
    // The chip carries the colour and the whole name (its title); the name inside it is cut.
    const chip = screen.getByTitle('Done');
    expect(chip.style.background).toBe('rgb(0, 200, 117)');
    cleanup();
    renderCell('label', ['0b6f5d2e-8a41-4c0e-9f5e-2d1f7f9a0003']);
    expect(screen.getByTitle('Working on it').style.color).toBe('rgb(28, 34, 51)');
    cleanup();
    renderCell('label', [LABEL_STUCK, 'not-a-label']);
    expect(screen.getByText('Stuck')).toBeTruthy();
  });

  test('email and phone are mailto: and tel: links', () => {
    renderCell('email', 'ann@example.com');
    expect(screen.getByRole('link').getAttribute('href')).toBe('mailto:ann@example.com');
    cleanup();
    renderCell('phone', '+44 20 7946 0958');
    expect(screen.getByRole('link').getAttribute('href')).toBe('tel:+442079460958');
  });

  test('a link with a scheme Strata refuses is shown as text, not as a link', () => {
    renderCell('links', [{ id: UUID, url: 'javascript:alert(1)', name: 'Bad', favicon: null }]);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Bad')).toBeTruthy();
  });

  test('members show avatars (a photo or initials) and a single member also by name', () => {
    renderCell('members', [2]);
    expect(screen.getByRole('img', { name: 'Bob Stone' }).getAttribute('src')).toBe(
      'https://example.com/bob.png',
    );
    expect(screen.getByText('Bob Stone')).toBeTruthy();
    cleanup();
    renderCell('members', [1, 2]);
    expect(screen.getByRole('img', { name: 'Ann Lee' }).textContent).toBe('AL');
  });

  test('an end before the start is flagged with the domain warning, not hidden', () => {
    renderCell('date_range', { start: '2026-03-10', end: '2026-03-01' });
    expect(screen.getByRole('img', { name: 'The end date is before the start date.' })).toBeTruthy();
    expect(document.body.textContent).toContain('Mar 10, 2026 – Mar 1, 2026');
  });

  test('a formula error shows its code as the domain names it, with the explanation', () => {
    renderCell('formula', { error: '#DIV/0!', message: 'Division by zero.' });
    const cell = screen.getByText('#DIV/0!');
    expect(cell.getAttribute('title')).toBe('Division by zero.');
  });

  test('attachments show a chip per file that opens or downloads it, then +N', () => {
    renderCell('attachments', [
      { id: UUID, name: 'brief.pdf', mime_type: 'application/pdf' },
      { id: '5f1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0002', name: 'a.png', mime_type: 'image/png' },
      { id: '5f1c1d7e-0d1b-4a55-9d0e-3c6b2f0e0003', name: 'c.txt' },
    ]);
    expect(screen.getByRole('group', { name: '3 files' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download brief.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open a.png' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /c\.txt/ })).toBeNull();
    expect(document.body.textContent).toContain('+1');
  });

  test('rating stars set the value when the cell is editable; the current one clears it', () => {
    const onChange = vi.fn();
    renderCell('rating', 3, { onChange });
    const stars = within(screen.getByRole('group', { name: 'Rated 3 of 5' }));
    fireEvent.click(stars.getByRole('button', { name: '5' }));
    expect(onChange).toHaveBeenLastCalledWith(5);
    fireEvent.click(stars.getByRole('button', { name: '3' }));
    expect(onChange).toHaveBeenLastCalledWith(0);
    cleanup();
    renderCell('rating', 3);
    expect(screen.getByRole('img', { name: 'Rated 3 of 5' })).toBeTruthy();
  });

  test('a checkbox is ticked in place when editable', () => {
    const onChange = vi.fn();
    renderCell('checkbox', null, { onChange });
    fireEvent.click(screen.getByRole('checkbox'));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  test('a button runs its action through onButton, and is disabled without one', () => {
    const onButton = vi.fn();
    renderCell('button', null, { onButton });
    fireEvent.click(screen.getByRole('button', { name: 'Notify' }));
    expect(onButton).toHaveBeenCalledTimes(1);
    cleanup();
    renderCell('button', null);
    expect((screen.getByRole('button', { name: 'Notify' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
