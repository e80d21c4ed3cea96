// @vitest-environment jsdom
import type { Automation } from '@strata/contracts/automations';
import { HttpError } from '@strata/sync/http-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { BoardContext, type BoardView } from '../../boards/board-context';
import { setupViewsTest } from '../../views/views-test-setup';
import { ButtonSettings } from './button-settings';
import type { SettingsDraft } from './settings-draft';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

const server = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../lib/api', () => ({ api: { get: server.get } }));

beforeAll(setupViewsTest);
afterEach(() => {
  cleanup();
  server.get.mockReset();
});

const FINISH = '00000000-0000-4000-8000-00000000f001';
const automation = (id: string, name: string) => ({ id, name }) as Automation;
const VIEW = { teamId: 7, board: { id: 'Board000001' } } as unknown as BoardView;

function renderSettings(draft: SettingsDraft, view: BoardView | null = VIEW) {
  const onChange = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <BoardContext.Provider value={view}>
        <ButtonSettings
          attributeId="button"
          draft={draft}
          onChange={onChange}
          errorAt={() => undefined}
          attributes={[]}
          boards={[]}
        />
      </BoardContext.Provider>
    </QueryClientProvider>,
  );
  return { onChange };
}

const chooseAction = async (name: string) => {
  fireEvent.click(screen.getByRole('button', { name: /^When clicked/ }));
  fireEvent.click(await screen.findByRole('option', { name }));
};

describe("a button's action", () => {
  test('"Run an automation" is offered on a board and starts with no automation chosen', async () => {
    const { onChange } = renderSettings({ label: 'Go', action: null });
    await chooseAction('Run an automation');
    expect(onChange).toHaveBeenCalledWith({
      label: 'Go',
      action: { type: 'run_automation', automation_id: '' },
    });
    expect(server.get).not.toHaveBeenCalled();
  });

  test("the board's automations are read once the action is chosen, and one is picked", async () => {
    server.get.mockResolvedValue([automation(FINISH, 'Finish the item')]);
    const { onChange } = renderSettings({
      label: 'Go',
      action: { type: 'run_automation', automation_id: '' },
    });
    expect(server.get).toHaveBeenCalledWith('/api/7/boards/Board000001/automations');
    fireEvent.click(await screen.findByRole('button', { name: /^Automation/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Finish the item' }));
    expect(onChange).toHaveBeenCalledWith({
      label: 'Go',
      action: { type: 'run_automation', automation_id: FINISH },
    });
  });

  test('someone who may not list the automations is told so, not shown an empty list', async () => {
    server.get.mockRejectedValue(
      new HttpError(403, 'This action is unauthorized.', 'FORBIDDEN', undefined, undefined),
    );
    renderSettings({ label: 'Go', action: { type: 'run_automation', automation_id: '' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/may not see this board’s automations/);
    expect(screen.queryByRole('button', { name: /^Automation/ })).toBeNull();
  });

  test('a board without automations says so, and a deleted one is named as deleted', async () => {
    server.get.mockResolvedValue([]);
    renderSettings({ label: 'Go', action: { type: 'run_automation', automation_id: FINISH } });
    await screen.findByText(/no automations yet/);
    expect(screen.getByRole('button', { name: /^Automation/ }).textContent).toContain('(deleted automation)');
  });

  test('outside a board (no board to read automations of) the action is not offered', async () => {
    renderSettings({ label: 'Go', action: null }, null);
    fireEvent.click(screen.getByRole('button', { name: /^When clicked/ }));
    await screen.findByRole('option', { name: 'Open a web address' });
    expect(screen.queryByRole('option', { name: 'Run an automation' })).toBeNull();
  });
});
