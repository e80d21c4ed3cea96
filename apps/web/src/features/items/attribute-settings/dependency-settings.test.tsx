// @vitest-environment jsdom
import type { Attribute } from '@strata/contracts/items';
import type { RecordStore } from '@strata/sync/records/record-types';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { ConfirmProvider } from '../../../ui/confirm';
import { setupViewsTest } from '../../views/views-test-setup';
import { AttributeSettingsDialog } from './attribute-settings-dialog';
import { weekdaysOf } from './dependency-settings';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

/** The person's profile: its first day of the week (null: the language's). */
const session = vi.hoisted(() => ({ startOfWeek: null as number | null }));
vi.mock('../../../lib/session', () => ({
  useSession: () => ({ profile: { start_of_week: session.startOfWeek } }),
}));

beforeAll(setupViewsTest);
afterEach(() => {
  cleanup();
  session.startOfWeek = null;
});

function attribute(id: string, type: Attribute['type'], name: string, settings = {}): Attribute {
  return {
    id,
    object: 'attribute',
    team_id: 1,
    board_id: 'Board000001',
    name,
    type,
    settings,
    default_data: null,
    sort_order: 'a0',
    created_by: 1,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    deleted: false,
    row_version: 3,
  };
}

const NAME = attribute('00000000-0000-4000-8000-00000000000a', 'text', 'Name', { primary: true });
const DUE = attribute('00000000-0000-4000-8000-0000000000d1', 'date', 'Due');
const TIMELINE = attribute('00000000-0000-4000-8000-0000000000d2', 'date_range', 'Timeline');
const COST = attribute('00000000-0000-4000-8000-0000000000c1', 'number', 'Cost');
const CREATED = attribute('00000000-0000-4000-8000-0000000000c2', 'created_at', 'Created');
const DEPENDS = attribute('00000000-0000-4000-8000-0000000000e1', 'dependency', 'Depends on');

function renderDialog(edited: Attribute = DEPENDS) {
  const attributes = [NAME, DUE, TIMELINE, COST, CREATED, edited];
  const store = {
    find: (id: string) => attributes.find((candidate) => candidate.id === id),
    save: vi.fn(async (record: Attribute) => record),
    delete: vi.fn(async () => {}),
  };
  render(
    <ConfirmProvider>
      <AttributeSettingsDialog
        attribute={edited}
        attributes={attributes}
        boards={[]}
        store={store as unknown as RecordStore<Attribute>}
        onClose={vi.fn()}
      />
    </ConfirmProvider>,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Edit column' }));
  const saved = async () => {
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.save).toHaveBeenCalled());
    return (store.save.mock.calls.at(-1)![0] as Attribute).settings;
  };
  return { dialog, saved };
}

const dayBoxes = (dialog: ReturnType<typeof renderDialog>['dialog']) =>
  within(dialog.getByRole('group', { name: 'Working days' }))
    .getAllByRole('checkbox')
    .slice(1) as HTMLInputElement[];

describe("a dependency's settings", () => {
  test("Schedules offers None and the board's date and start-and-end-date columns; the one chosen is saved", async () => {
    const { dialog, saved } = renderDialog();
    fireEvent.click(dialog.getByRole('button', { name: /Schedules/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['None', 'Due', 'Timeline']);
    fireEvent.click(screen.getByRole('option', { name: 'Timeline' }));
    expect(await saved()).toEqual({ schedules: TIMELINE.id, workingWeekdays: [1, 2, 3, 4, 5] });
  });

  test('None clears what it schedules', async () => {
    const { dialog, saved } = renderDialog(
      attribute(DEPENDS.id, 'dependency', 'Depends on', { schedules: DUE.id }),
    );
    expect(dialog.getByRole('button', { name: /Schedules/ }).textContent).toContain('Due');
    fireEvent.click(dialog.getByRole('button', { name: /Schedules/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'None' }));
    expect((await saved()).schedules).toBeNull();
  });

  test('the working days start on the first day of the week of the language, or the profile’s', () => {
    const { dialog } = renderDialog();
    const names = () => dayBoxes(dialog).map((box) => box.closest('label')!.textContent);
    expect(names()).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect(dayBoxes(dialog).map((box) => box.checked)).toEqual([false, true, true, true, true, true, false]);
    cleanup();
    session.startOfWeek = 1;
    const again = renderDialog().dialog;
    expect(dayBoxes(again)[0]!.closest('label')!.textContent).toBe('Monday');
    expect(weekdaysOf('de', 1).map((day) => day.name)[0]).toBe('Montag');
    expect(weekdaysOf('ar', 6).map((day) => day.day)).toEqual([6, 0, 1, 2, 3, 4, 5]);
  });

  test('days are ticked and unticked into an ordered list; the last one ticked cannot be unticked', async () => {
    const { dialog, saved } = renderDialog(
      attribute(DEPENDS.id, 'dependency', 'Depends on', { workingWeekdays: [2] }),
    );
    const boxes = dayBoxes(dialog);
    expect(boxes[2]!.checked).toBe(true);
    expect(boxes[2]!.disabled).toBe(true);
    fireEvent.click(boxes[0]!);
    expect(boxes[2]!.disabled).toBe(false);
    fireEvent.click(boxes[6]!);
    fireEvent.click(boxes[2]!);
    expect(await saved()).toEqual({ schedules: null, workingWeekdays: [0, 6] });
  });

  test('"Every day counts" saves no calendar (null); unticking it gives Monday to Friday back', async () => {
    const { dialog, saved } = renderDialog();
    const everyDay = dialog.getByRole('checkbox', { name: 'Every day counts' }) as HTMLInputElement;
    fireEvent.click(everyDay);
    expect(dayBoxes(dialog).every((box) => box.checked && box.disabled)).toBe(true);
    expect((await saved()).workingWeekdays).toBeNull();
    fireEvent.click(everyDay);
    expect(dayBoxes(dialog).map((box) => box.checked)).toEqual([false, true, true, true, true, true, false]);
  });
});
