import { describe, expect, test } from 'vitest';
import { screenChunks } from './screen-chunks';

/** A module graph by static imports, as the chunking context reports it. */
function context(graph: Record<string, string[]>) {
  return {
    getModuleInfo: (id: string) => (id in graph ? ({ id, importedIds: graph[id] } as never) : null),
  };
}

const icons = '/n/lucide-react/dist/esm/lucide-react.js';
const graph = {
  '/app/src/main.tsx': ['/app/src/shell.tsx', icons],
  '/app/src/shell.tsx': ['/app/src/ui/button.tsx'],
  '/app/src/ui/button.tsx': [],
  '/app/src/features/auth/index.ts': ['/app/src/ui/text-field.tsx', '/app/src/ui/button.tsx', icons],
  '/app/src/ui/text-field.tsx': ['/app/src/lib/errors.ts'],
  '/app/src/lib/errors.ts': [],
  '/app/src/features/boards/board-page.tsx': [
    '/app/src/features/boards/grid.tsx',
    '/app/src/ui/text-field.tsx',
  ],
  '/app/src/features/boards/folder-page.tsx': ['/app/src/features/boards/grid.tsx', icons],
  '/app/src/features/boards/grid.tsx': ['/app/src/features/boards/board-page.tsx', '/app/src/ui/button.tsx'],
  [icons]: ['/n/lucide-react/dist/esm/icons/check.js', '/n/lucide-react/dist/esm/icons/folder.js'],
  '/n/lucide-react/dist/esm/icons/check.js': [],
  '/n/lucide-react/dist/esm/icons/folder.js': [],
};

describe('the board screen’s chunks', () => {
  const [own, shared] = screenChunks('/app', 'board', {
    main: 'src/main.tsx',
    screen: ['src/features/boards/board-page.tsx', 'src/features/boards/folder-page.tsx'],
    publicPages: ['src/features/auth/index.ts'],
  });
  const ctx = context(graph);
  const groupOf = (id: string) => {
    const names = [own, shared].map((group) =>
      (group!.name as (id: string, ctx: never) => string | null)(id, ctx as never),
    );
    const found = names.filter((name) => name !== null);
    expect(found.length).toBeLessThanOrEqual(1);
    return found[0] ?? null;
  };
  const cases: [label: string, id: string, group: string | null][] = [
    ['a screen entry', '/app/src/features/boards/board-page.tsx', 'board'],
    [
      'a module only the screen reaches (through an import cycle)',
      '/app/src/features/boards/grid.tsx',
      'board',
    ],
    ['a module the screen and the public pages reach', '/app/src/ui/text-field.tsx', 'board-shared'],
    ['what that module reaches', '/app/src/lib/errors.ts', 'board-shared'],
    ['a module of the first-load script', '/app/src/ui/button.tsx', null],
    ['a public page entry', '/app/src/features/auth/index.ts', null],
    ['an icon, reached only through the icon index', '/n/lucide-react/dist/esm/icons/folder.js', null],
    ['a module no one reaches', '/app/src/features/other.tsx', null],
  ];
  test.each(cases)('%s', (_label, id, group) => {
    expect(groupOf(id)).toBe(group);
  });
  test('neither group takes in what its modules import (the shared code stays shared)', () => {
    expect(own!.includeDependenciesRecursively).toBe(false);
    expect(shared!.includeDependenciesRecursively).toBe(false);
  });
});
