import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Value imports and re-exports (`import type` is erased, `import()` is a chunk of its own). */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolveSource(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, resolve(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every source file and package the entry pulls in through static imports. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!specifier!.startsWith('.')) {
        packages.add(specifier!);
        continue;
      }
      const target = resolveSource(file, specifier!);
      if (target) pending.push(target);
    }
  }
  return { files, packages };
}

describe('the rich-text editor is a lazy chunk', () => {
  const { files, packages } = staticGraph(resolve(here, 'cell-registry.ts'));

  test('the cell registry pulls in no TipTap or ProseMirror code through static imports', () => {
    expect(files.has(resolve(here, 'text-cells.tsx'))).toBe(true);
    expect([...packages].filter((name) => /^(@tiptap\/|prosemirror-)/.test(name))).toEqual([]);
    expect(files.has(resolve(here, 'rich-text-editor.tsx'))).toBe(false);
    expect(files.has(resolve(here, 'rich-text-extensions.ts'))).toBe(false);
  });

  test('the long-text cell loads the editor with a dynamic import', () => {
    const source = readFileSync(resolve(here, 'text-cells.tsx'), 'utf8');
    expect(source).toMatch(/lazy\(\(\) =>\s*import\('\.\/rich-text-editor'\)/);
  });
});

describe('the calendar is a lazy chunk', () => {
  const { files, packages } = staticGraph(resolve(here, 'cell-registry.ts'));

  test('the cell registry pulls in no react-day-picker or date-fns code through static imports', () => {
    expect(files.has(resolve(here, 'date-editors.tsx'))).toBe(true);
    expect([...packages].filter((name) => /^(react-day-picker|date-fns)/.test(name))).toEqual([]);
    expect(files.has(resolve(here, '../../../ui/calendar/calendar.tsx'))).toBe(false);
  });

  test('the date editors load the calendar with a dynamic import', () => {
    const source = readFileSync(resolve(here, '../../../ui/calendar/lazy-calendar.tsx'), 'utf8');
    expect(source).toMatch(/lazy\(\(\) => import\('\.\/calendar'\)/);
  });
});
