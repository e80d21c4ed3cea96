import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';
import { CLIENT_VERSION } from '../../../packages/domain/src/constants';

/**
 * The screens whose code a first load of an address needs at once, by path prefix, and whether
 * for a visit with a session on the device (a board) or without one (signing in):
 * head/early-reads.js asks for them while the first-load script is still downloading, instead
 * of after it has run and the router has matched the address.
 */
const ROUTE_SCREENS: Record<string, { session: boolean; modules: readonly string[] }> = {
  '/b/': {
    session: true,
    modules: ['src/features/boards/board-page.tsx', 'src/features/boards/folder-page.tsx'],
  },
  '/login': { session: false, modules: ['src/features/auth/login-page.tsx'] },
  '/register': { session: false, modules: ['src/features/auth/register-page.tsx'] },
  '/password/reset': { session: false, modules: ['src/features/auth/forgot-password-page.tsx'] },
};

/** The chunk a module is in (its own, or the one it was merged into: a barrel of re-exports). */
function chunkOf(bundle: Rolldown.OutputBundle, module: string): Rolldown.OutputChunk | undefined {
  const chunks = Object.values(bundle).filter(
    (output): output is Rolldown.OutputChunk => output.type === 'chunk',
  );
  return (
    chunks.find((chunk) => chunk.facadeModuleId === module) ??
    chunks.find((chunk) => chunk.moduleIds.includes(module))
  );
}

/** A chunk's files and those of its static imports, minus what the first-load script holds. */
function filesOf(
  bundle: Rolldown.OutputBundle,
  chunk: Rolldown.OutputChunk,
  loaded: ReadonlySet<string>,
): string[] {
  const files = new Set<string>();
  const visit = (current: Rolldown.OutputChunk) => {
    if (loaded.has(current.fileName) || files.has(current.fileName)) return;
    files.add(current.fileName);
    for (const css of current.viteMetadata?.importedCss ?? []) files.add(css);
    for (const name of current.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(chunk);
  return [...files];
}

/**
 * The page's head scripts (head/), run before the first paint: the theme and direction, then the
 * early reads. Written into the page rather than linked: a linked script without a hash in its
 * name is revalidated on every load, and the page could not be parsed past it until the server
 * had answered. The server allows them by their hashes (the CSP's script-src, http/web-app.ts).
 */
const HEAD_SCRIPTS = ['head/theme-init.js', 'head/early-reads.js'] as const;

/**
 * Writes into the page what runs before the app's code: the client version the API expects on
 * every request (X-Client-Version), in a build the files of each route's screens
 * (ROUTE_SCREENS) as JSON, and the head scripts that read them (HEAD_SCRIPTS), in that order.
 */
export function routePreloads(root: string): Plugin {
  return {
    name: 'strata-route-preloads',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const tags: HtmlTagDescriptor[] = [
          {
            tag: 'meta',
            attrs: { name: 'strata-client-version', content: CLIENT_VERSION },
            injectTo: 'head-prepend',
          },
        ];
        const headScripts: HtmlTagDescriptor[] = HEAD_SCRIPTS.map((file) => ({
          tag: 'script',
          children: readFileSync(resolve(root, file), 'utf8'),
          injectTo: 'head-prepend',
        }));
        const bundle = context.bundle;
        if (!bundle) return [...tags, ...headScripts];
        const entry = Object.values(bundle).find(
          (output): output is Rolldown.OutputChunk => output.type === 'chunk' && output.isEntry,
        );
        const loaded = new Set<string>();
        const visitEntry = (chunk: Rolldown.OutputChunk) => {
          if (loaded.has(chunk.fileName)) return;
          loaded.add(chunk.fileName);
          for (const name of chunk.imports) {
            const next = bundle[name];
            if (next?.type === 'chunk') visitEntry(next);
          }
        };
        if (entry) visitEntry(entry);
        const routes: Record<string, { session: boolean; files: string[] }> = {};
        for (const [prefix, { session, modules }] of Object.entries(ROUTE_SCREENS)) {
          const files = new Set<string>();
          for (const module of modules) {
            const chunk = chunkOf(bundle, resolve(root, module));
            if (!chunk) throw new Error(`route-preloads: no chunk for ${module}`);
            for (const file of filesOf(bundle, chunk, loaded)) files.add(`/${file}`);
          }
          routes[prefix] = { session, files: [...files] };
        }
        tags.push({
          tag: 'script',
          attrs: { id: 'strata-route-files', type: 'application/json' },
          children: JSON.stringify(routes),
          injectTo: 'head-prepend',
        });
        return [...tags, ...headScripts];
      },
    },
  };
}
