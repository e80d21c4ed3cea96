import { resolve } from 'node:path';
import type { Rolldown } from 'vite';

type ChunkingContext = Parameters<
  Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>
>[1];

/**
 * The icon library's index re-exports every icon: following it would count every icon as used
 * wherever one is. The icons a module uses are reached through its own imports of them instead.
 */
const isIconIndex = (id: string) => /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.js$/.test(id);

/** The modules `entries` reach by static imports, themselves included. */
function staticallyReached(ctx: ChunkingContext, entries: Iterable<string>): Set<string> {
  const reached = new Set<string>();
  const next = [...entries];
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    if (isIconIndex(id)) continue;
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) next.push(imported);
  }
  return reached;
}

export interface ScreenChunks {
  /** The first-load script's entry: what it reaches is in it already. */
  main: string;
  /** The lazy screen's entry modules. */
  screen: readonly string[];
  /** The public pages' entry modules (signing in): they must never load the screen's code. */
  publicPages: readonly string[];
}

/**
 * Two code-splitting groups for a lazy screen (the board), instead of the dozens of small chunks
 * the splitter cuts where lazy screens share code: a first load of the screen then asks for a few
 * files, not forty-four (each costs the browser's main thread a request: bench/board-first-load).
 * - `name`: what the screen's entries reach by static imports and neither the first-load script
 *   nor the public pages do. Another signed-in screen that shares some of it loads the chunk
 *   (cached once any board was opened); the public pages never do.
 * - `{name}-shared`: what the screen and the public pages both reach (forms, dropdowns, errors)
 *   and the first-load script does not: both need all of it.
 */
export function screenChunks(
  root: string,
  name: string,
  options: ScreenChunks,
): Rolldown.CodeSplittingGroup[] {
  const at = (path: string) => resolve(root, path);
  let sets: { own: Set<string>; shared: Set<string> } | undefined;
  const setsOf = (ctx: ChunkingContext) => {
    if (sets) return sets;
    const main = staticallyReached(ctx, [at(options.main)]);
    const pages = staticallyReached(ctx, options.publicPages.map(at));
    const screen = [...staticallyReached(ctx, options.screen.map(at))].filter((id) => !main.has(id));
    sets = {
      own: new Set(screen.filter((id) => !pages.has(id))),
      shared: new Set(screen.filter((id) => pages.has(id))),
    };
    return sets;
  };
  return [
    { name: (id, ctx) => (setsOf(ctx).own.has(id) ? name : null), includeDependenciesRecursively: false },
    {
      name: (id, ctx) => (setsOf(ctx).shared.has(id) ? `${name}-shared` : null),
      includeDependenciesRecursively: false,
    },
  ];
}
