// @vitest-environment jsdom
import type { Attribute } from '@strata/contracts/items';
import { HttpError } from '@strata/sync/http-client';
import type { RecordStore } from '@strata/sync/records/record-types';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { ConfirmProvider } from '../../../ui/confirm';
import { setupViewsTest } from '../../views/views-test-setup';
import { AttributeSettingsDialog } from './attribute-settings-dialog';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

beforeAll(setupViewsTest);
afterEach(cleanup);

const DONE = '0b6f5d2e-8a41-4c0e-9f5e-2d1f7f9a0001';
const PRICE = '00000000-0000-4000-8000-0000000000b1';

function attribute(type: Attribute['type'], fields: Partial<Attribute> = {}): Attribute {
  return {
    id: `00000000-0000-4000-8000-${type
      .padEnd(12, '0')
      .slice(0, 12)
      .replace(/[^0-9a-f]/g, 'a')}`,
    object: 'attribute',
    team_id: 1,
    board_id: 'Board000001',
    name: type,
    type,
    settings: {},
    default_data: null,
    sort_order: 'a0',
    created_by: 1,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    deleted: false,
    row_version: 3,
    ...fields,
  };
}

const NAME = attribute('text', {
  id: '00000000-0000-4000-8000-00000000000a',
  name: 'Name',
  settings: { primary: true },
});
const NUMBER = attribute('number', { id: PRICE, name: 'Price' });

function renderDialog(edited: Attribute, options: { save?: (record: Attribute) => Promise<Attribute> } = {}) {
  const attributes = [NAME, NUMBER, ...(edited.id === NAME.id || edited.id === PRICE ? [] : [edited])];
  const store = {
    find: (id: string) => attributes.find((candidate) => candidate.id === id),
    save: vi.fn(options.save ?? (async (record: Attribute) => record)),
    delete: vi.fn(async () => {}),
  };
  const onClose = vi.fn();
  render(
    <ConfirmProvider>
      <AttributeSettingsDialog
        attribute={edited}
        attributes={attributes}
        boards={[{ id: 'Board000002', name: 'Roadmap' }]}
        store={store as unknown as RecordStore<Attribute>}
        onClose={onClose}
      />
    </ConfirmProvider>,
  );
  const savedSettings = () => (store.save.mock.calls.at(-1)![0] as Attribute).settings;
  return { store, onClose, savedSettings };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('the Edit column dialog', () => {
  test('labels are added, named, coloured, reordered and removed into the settings saved', async () => {
    const labels = attribute('label', {
      name: 'Status',
      settings: { labels: [{ id: DONE, name: 'Done', color: '#15803d' }], multiple: false },
    });
    const { store, onClose, savedSettings } = renderDialog(labels);
    fireEvent.click(screen.getByRole('button', { name: 'Add label' }));
    fireEvent.change(screen.getByLabelText('Label 2'), { target: { value: 'Stuck' } });
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Color of Stuck' })).getByLabelText('Red'));
    fireEvent.click(screen.getByRole('button', { name: 'Move Stuck up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add label' }));
    fireEvent.change(screen.getByLabelText('Label 3'), { target: { value: 'Gone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Gone' }));
    fireEvent.change(screen.getByLabelText('Label 2'), { target: { value: 'Finished' } });
    fireEvent.click(screen.getByLabelText('Allow several labels per item'));
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(store.save).toHaveBeenCalledTimes(1);
    const settings = savedSettings() as {
      labels: { id: string; name: string; color: string }[];
      multiple: boolean;
    };
    expect(settings.multiple).toBe(true);
    expect(settings.labels.map(({ name, color }) => ({ name, color }))).toEqual([
      { name: 'Stuck', color: '#b91c1c' },
      { name: 'Finished', color: '#15803d' },
    ]);
    expect(settings.labels[1]!.id).toBe(DONE);
    expect(settings.labels[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a label without a name is refused with the catalogue message; nothing is sent', () => {
    const { store, onClose } = renderDialog(attribute('label', { name: 'Status' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add label' }));
    save();
    expect(screen.getByLabelText('Label 1').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The label name is required.')).toBeTruthy();
    expect(store.save).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  test('a formula shows with names, is saved with ids, and lists the names it may use', async () => {
    const formula = attribute('formula', { name: 'Total', settings: { formula: `{${PRICE}} * 2` } });
    const { onClose, savedSettings } = renderDialog(formula);
    const text = screen.getByLabelText('Formula') as HTMLTextAreaElement;
    expect(text.value).toBe('{Price} * 2');
    expect(screen.getByText(/\{Price\}, \{Name\}|\{Name\}, \{Price\}/)).toBeTruthy();
    fireEvent.change(text, { target: { value: '{price} * 3' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(savedSettings()).toMatchObject({ formula: `{${PRICE}} * 3` });
  });

  test("the server's refusal of a formula keeps the dialog open with its message", async () => {
    const refusal = new HttpError(
      422,
      'Validation failed',
      'VALIDATION_FAILED',
      [
        {
          path: 'settings.formula',
          message: 'This formula refers back to itself through Total -> Price.',
          code: 'FORMULA_CYCLE',
          params: { names: 'Total -> Price' },
        },
      ],
      undefined,
    );
    const formula = attribute('formula', { name: 'Total', settings: { formula: '1' } });
    const { onClose } = renderDialog(formula, { save: () => Promise.reject(refusal) });
    save();
    expect(
      await screen.findByText('This formula refers back to itself through Total -> Price.'),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  test('the name attribute is only renamed: no settings, no delete', async () => {
    const { onClose, store } = renderDialog(NAME);
    expect(screen.queryByRole('button', { name: 'Delete column' })).toBeNull();
    expect(
      screen.getByText("This is the board's name column: it can be renamed but not deleted."),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Column name'), { target: { value: 'Title' } });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(store.save.mock.calls[0]![0]).toMatchObject({ name: 'Title', settings: { primary: true } });
  });

  test('another column is deleted after the confirmation', async () => {
    const { store, onClose } = renderDialog(NUMBER);
    fireEvent.click(screen.getByRole('button', { name: 'Delete column' }));
    const sure = await screen.findByRole('dialog', { name: 'Delete the column Price?' });
    fireEvent.click(within(sure).getByRole('button', { name: 'Delete column' }));
    await waitFor(() => expect(store.delete).toHaveBeenCalledWith(NUMBER));
    expect(onClose).toHaveBeenCalled();
  });

  test("a number format is saved as the number's settings", async () => {
    const { onClose, savedSettings } = renderDialog(NUMBER);
    fireEvent.change(screen.getByLabelText('Decimals'), { target: { value: '2' } });
    fireEvent.click(screen.getByLabelText('Thousands separator'));
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(savedSettings()).toEqual({
      format: 'number',
      decimals: 2,
      currency: 'USD',
      thousandsSeparator: false,
    });
  });
});
