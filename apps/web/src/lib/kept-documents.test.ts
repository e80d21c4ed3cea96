// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { forgetKeptDocuments, keptDocumentName, noteKeptDocument } from './kept-documents';

/** Opens a kept document and answers its text once loaded from IndexedDB. */
async function keptText(name: string): Promise<string> {
  const doc = new Y.Doc();
  const kept = new IndexeddbPersistence(name, doc);
  await kept.whenSynced;
  const text = doc.getText('body').toString();
  await kept.destroy();
  return text;
}

describe('documents kept on the device', () => {
  test("names carry the user: another account never opens the first one's copy", () => {
    expect(keptDocumentName(7, 3, 'a')).not.toBe(keptDocumentName(8, 3, 'a'));
  });

  test('signing out removes every kept document and the list of them', async () => {
    const names = [keptDocumentName(7, 3, 'one'), keptDocumentName(7, 3, 'two')];
    for (const name of names) {
      const doc = new Y.Doc();
      const kept = new IndexeddbPersistence(name, doc);
      await kept.whenSynced;
      doc.getText('body').insert(0, `text of ${name}`);
      noteKeptDocument(name);
      noteKeptDocument(name);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await kept.destroy();
    }
    expect(await keptText(names[0]!)).toBe(`text of ${names[0]}`);
    expect(JSON.parse(window.localStorage.getItem('strata.kept-documents') ?? '[]')).toEqual(names);
    await forgetKeptDocuments();
    for (const name of names) expect(await keptText(name)).toBe('');
    expect(JSON.parse(window.localStorage.getItem('strata.kept-documents') ?? '[]')).toEqual([]);
  });
});
