import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { type BenchBoard, openBenchBoard } from './board-fixture';
import { freePort } from './free-port';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '../../apps/web');

/** The web app as users get it: a production build with its own Vite config, into `outDir`. */
export async function buildWebApp(outDir: string): Promise<void> {
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    mode: 'production',
    build: { outDir, emptyOutDir: true, sourcemap: false, minify: !process.env.UNMINIFIED },
  });
}

/**
 * The benches' board served with the web build in `outDir`, the API and the real-time hub on one
 * local port (the hub must know the port before the app listens). Answers the board and the
 * address it listens on.
 */
export async function serveBenchBoard(outDir: string): Promise<{ board: BenchBoard; origin: string }> {
  const port = await freePort();
  const board = await openBenchBoard({
    WEB_DIST_DIR: outDir,
    BROADCAST_HOST: '127.0.0.1',
    BROADCAST_PORT: String(port),
  });
  try {
    return { board, origin: await board.app.listen({ port, host: '127.0.0.1' }) };
  } catch (error) {
    await board.close();
    throw error;
  }
}

/** A stored view of a folder, saved through the API; answers its id. */
export async function putView(
  board: BenchBoard,
  folderId: string,
  type: string,
  name: string,
): Promise<string> {
  const id = randomUUID();
  const res = await board.app.inject({
    method: 'PUT',
    url: `/api/${board.teamId}/views/${id}`,
    headers: { authorization: `Bearer ${board.token}` },
    payload: { folder_id: folderId, type, name, row_version: 1 },
  });
  if (res.statusCode >= 300) throw new Error(`view: ${res.statusCode} ${res.body}`);
  return id;
}

/** The promise, or an error naming `what` after `ms`. */
export function within<T>(promise: Promise<T>, what: string, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
