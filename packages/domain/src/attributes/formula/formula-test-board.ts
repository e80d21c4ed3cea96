import { compileFormula } from './formula-compile';
import { createFormulaEnvironment, evaluate } from './formula-evaluate';
import type { FormulaAttribute, FormulaItem } from './formula-runtime';
import type { FormulaResult } from './formula-values';

/** A small board for formula tests: one attribute of most types, and an item with values. */
export const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const LABEL_DONE = uid(900);
export const LABEL_LATE = uid(901);

export const BOARD: FormulaAttribute[] = [
  { id: uid(1), name: 'Name', type: 'text' },
  { id: uid(2), name: 'Cost', type: 'number' },
  { id: uid(3), name: 'Quantity', type: 'number' },
  { id: uid(4), name: 'Due', type: 'date' },
  { id: uid(5), name: 'Done', type: 'checkbox' },
  {
    id: uid(6),
    name: 'Status',
    type: 'label',
    settings: {
      labels: [
        { id: LABEL_DONE, name: 'Done', color: '#0c0' },
        { id: LABEL_LATE, name: 'Late', color: '#c00' },
      ],
      multiple: true,
    },
  },
  { id: uid(7), name: 'Owner', type: 'members' },
  { id: uid(8), name: 'Timeline', type: 'date_range' },
  { id: uid(9), name: 'Steps', type: 'checklist' },
  { id: uid(10), name: 'Notes', type: 'longtext' },
  { id: uid(11), name: 'Empty', type: 'number' },
  { id: uid(12), name: 'Created', type: 'created_at' },
  { id: uid(13), name: 'Ticket', type: 'custom_id', settings: { prefix: 'T-' } },
  { id: uid(14), name: 'Time', type: 'time_tracking' },
  { id: uid(15), name: 'Folder', type: 'source_folder' },
  { id: uid(16), name: 'Total', type: 'formula', settings: { formula: `{${uid(2)}} * {${uid(3)}}` } },
];

const value = (data: unknown) => ({ data });

export const ITEM: FormulaItem = {
  id: uid(100),
  folder_id: 'AAAAAAAAAAA',
  created_at: '2026-03-01T08:00:00Z',
  created_by: 1,
  values: {
    [uid(1)]: value('Launch'),
    [uid(2)]: value(12.5),
    [uid(3)]: value(4),
    [uid(4)]: value('2026-03-20'),
    [uid(5)]: value(true),
    [uid(6)]: value([LABEL_LATE, LABEL_DONE]),
    [uid(7)]: value([1, 2]),
    [uid(8)]: value({ start: '2026-03-02', end: '2026-03-13' }),
    [uid(9)]: value([
      { id: uid(50), name: 'a', done: true },
      { id: uid(51), name: 'b', done: false },
    ]),
    [uid(10)]: value('<p>Hello <b>there</b></p>'),
    [uid(13)]: value(42),
    [uid(14)]: value(5400),
  },
};

export const SUBITEMS: FormulaItem[] = [
  {
    id: uid(101),
    values: { [uid(2)]: value(10), [uid(3)]: value(2), [uid(4)]: value('2026-03-25'), [uid(5)]: value(true) },
  },
  { id: uid(102), values: { [uid(2)]: value(5), [uid(3)]: value(1), [uid(4)]: value('2026-03-10') } },
  { id: uid(103), values: { [uid(1)]: value('no cost') } },
];

/** Wednesday 2026-03-11 10:00 in Rome. */
export const NOW = Date.parse('2026-03-11T09:00:00Z');

export function environment(attributes: FormulaAttribute[] = BOARD) {
  return createFormulaEnvironment({
    attributes,
    subitemsOf: (item) => (item.id === ITEM.id ? SUBITEMS : []),
    context: {
      now: NOW,
      timeZone: 'Europe/Rome',
      locale: 'en-US',
      memberName: (id) => ({ 1: 'Ada', 2: 'Grace' })[id],
      folderName: (id) => (id === 'AAAAAAAAAAA' ? 'Backlog' : undefined),
    },
  });
}

const shared = environment();

/** Compiles and evaluates a formula for the test item. */
export function run(text: string, item: FormulaItem = ITEM): FormulaResult {
  return evaluate(compileFormula(text, BOARD), item, shared);
}
