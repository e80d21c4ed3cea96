import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** Template dumps already read by this process, by file: a worker running several files reads one once. */
const templates = new Map<string, Promise<Blob>>();

/**
 * A fresh in-memory PGlite already prepared (migrated) from a cached template dump. Creating a
 * PGlite costs ~3.5 s of initdb; loading a dump costs a fraction, so each test file gets its own
 * database cheaply. The dump is kept uncompressed: PGlite unpacks gzip in JavaScript, which cost
 * more CPU than reading the file. The cache key must change whenever `prepare` would produce
 * something else.
 */
export async function freshPglite(key: string, prepare: (pg: PGlite) => Promise<void>): Promise<PGlite> {
  const file = join(
    tmpdir(),
    `strata-pglite-${createHash('sha256').update(key).digest('hex').slice(0, 16)}.slim.tar`,
  );
  let template = templates.get(file);
  if (!template) {
    template = readTemplate(file, prepare);
    templates.set(file, template);
    template.catch(() => templates.delete(file));
  }
  return PGlite.create({ loadDataDir: await template });
}

async function readTemplate(file: string, prepare: (pg: PGlite) => Promise<void>): Promise<Blob> {
  if (!existsSync(file)) {
    // Loading costs by the size of the dump: 1 MB WAL segments instead of 16, and no template
    // databases (nothing here creates a database), halve it.
    const pg = await PGlite.create('memory://', { initDbStartParams: ['--wal-segsize=1'] });
    await prepare(pg);
    await pg.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
    await pg.exec('drop database template0');
    await pg.exec('drop database template1');
    await pg.exec('checkpoint');
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    // Written under another name and renamed, so a worker starting meanwhile never reads half a file.
    const partial = `${file}.${randomUUID()}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  }
  return new Blob([await readFile(file)]);
}
