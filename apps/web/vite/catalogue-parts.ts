import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { CATALOGUE_PARTS, SHELL_PART } from '../src/i18n/catalogue-parts';

const QUERY = /\?part=([\w-]+)$/;

const taken = new Set<string>(Object.values(CATALOGUE_PARTS).flat());

/** The sections of a catalogue in a part: the part's own, or for the shell all the others. */
export function cataloguePart(catalogue: Record<string, unknown>, part: string): Record<string, unknown> {
  const sections =
    part === SHELL_PART
      ? Object.keys(catalogue).filter((key) => !taken.has(key))
      : [...(CATALOGUE_PARTS[part as keyof typeof CATALOGUE_PARTS] ?? [])];
  return Object.fromEntries(sections.filter((key) => key in catalogue).map((key) => [key, catalogue[key]]));
}

/**
 * `import shell from './locales/en-US.json?part=shell'` gives the catalogue without the sections
 * of CATALOGUE_PARTS; `?part=views` gives only the sections of that part. The JSON is read as it
 * is on disk, so a catalogue stays one file per language.
 */
export function catalogueParts(): Plugin {
  return {
    name: 'strata-catalogue-parts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = source.match(QUERY);
      if (!match || !source.includes('.json')) return null;
      const resolved = await this.resolve(source.replace(QUERY, ''), importer, { skipSelf: true });
      // The id must not end in `.json`, or the JSON plugin would take it too.
      return resolved ? `\0catalogue:${resolved.id}::${match[1]}` : null;
    },
    load(id) {
      if (!id.startsWith('\0catalogue:')) return null;
      const [file, part] = id.slice('\0catalogue:'.length).split('::') as [string, string];
      this.addWatchFile(file);
      if (part !== SHELL_PART && !(part in CATALOGUE_PARTS)) this.error(`unknown catalogue part ${part}`);
      const picked = cataloguePart(JSON.parse(readFileSync(file, 'utf8')), part);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}
