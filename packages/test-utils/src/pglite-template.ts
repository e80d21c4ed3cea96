import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A fresh in-memory PGlite already prepared (migrated) from a cached template dump. Creating a
 * PGlite costs ~3.5 s of initdb; loading a dump costs a fraction, so each test file gets its own
 * database cheaply. The cache key must change whenever `prepare` would produce something else.
 */
export async function freshPglite(key: string, prepare: (pg: PGlite) => Promise<void>): Promise<PGlite> {
  const file = join(
    tmpdir(),
    `strata-pglite-${createHash('sha256').update(key).digest('hex').slice(0, 16)}.tar.gz`,
  );
  if (!existsSync(file)) {
    const pg = await PGlite.create('memory://');
    await prepare(pg);
    const dump = await pg.dumpDataDir('gzip');
    await pg.close();
    const partial = `${file}.${randomUUID()}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  }
  const bytes = await readFile(file);
  return PGlite.create({ loadDataDir: new Blob([bytes]) });
}
