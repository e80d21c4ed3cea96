/**
 * Published page: reading a page of a published documents site (`/p/e{workspaceId}-{viewId}/{slug}`)
 * whose document holds about 20 KB of text, against reading the web app's static index.html from
 * the same server. Goal: <= 3x.
 *
 * Method:
 * - The app as in production on a PGlite data directory with the web app built and served by it
 *   (`WEB_DIST_DIR`), listening on loopback; a board whose folder has a published documents view
 *   and six pages, one with a 20 KB document stored as the co-editing server stores it (its Yjs
 *   state, its sanitised HTML and text).
 * - One request at a time over keep-alive (`fetch`), each answer read whole and checked (200 and
 *   the page's heading; index.html's own bytes). The page route is rate limited per address (120 a
 *   minute), so the bench stays under it: WARMUP requests of each, then ROUNDS rounds of PER_ROUND
 *   requests of each, the two sides alternating which goes first.
 * - ratio = median(page latency) / median(index.html latency).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageSlug } from '@strata/domain/documents/page-slug';
import * as Y from 'yjs';
import { documentSnapshot } from '../apps/server/src/modules/documents/document-html';
import { writeDocument } from '../apps/server/src/modules/documents/document-store';
import { type BenchBoard, insertBenchItems, saveRecords } from './lib/board-fixture';
import { buildWebApp, serveBenchBoard } from './lib/served-board';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const WARMUP = 5;
const ROUNDS = 5;
const PER_ROUND = 20;
const DOCUMENT_BYTES = 20_000;

/** A document of about `bytes` of text: paragraphs of a sentence each, some with bold words. */
function bigDocument(bytes: number): Y.Doc {
  const doc = new Y.Doc();
  const fragment = doc.getXmlFragment('default');
  const sentence = 'Every new colleague gets a buddy for the first month, a laptop on the first day, and ';
  let written = 0;
  for (let n = 0; written < bytes; n++) {
    const paragraph = new Y.XmlElement('paragraph');
    const text = new Y.XmlText();
    paragraph.insert(0, [text]);
    fragment.insert(fragment.length, [paragraph]);
    text.insert(0, `${sentence}${n}. `);
    text.insert(text.length, 'This matters.', { bold: true });
    written += sentence.length + 20;
  }
  return doc;
}

async function timed(url: string, check: (body: string) => boolean): Promise<number> {
  const start = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  const ms = performance.now() - start;
  if (response.status !== 200 || !check(body))
    throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
  return ms;
}

export async function run(): Promise<BenchResult> {
  const work = mkdtempSync(join(tmpdir(), 'strata-published-'));
  let board: BenchBoard | null = null;
  try {
    const outDir = join(work, 'web');
    await buildWebApp(outDir);
    const served = await serveBenchBoard(outDir);
    board = served.board;
    const ids = Array.from({ length: 6 }, () => crypto.randomUUID());
    const nameId = board.attributeIds.text!;
    const titles = ['Welcome', 'Onboarding', 'Holidays', 'Travel', 'Security', 'Tools'];
    await insertBenchItems(
      board,
      board.folderId,
      ids.length,
      (n) => ({ [nameId]: { data: titles[n]! } }),
      (n) => ids[n]!,
    );
    const doc = bigDocument(DOCUMENT_BYTES);
    const snapshot = documentSnapshot(doc);
    await writeDocument(
      board.app.ctx,
      { teamId: board.teamId, itemId: ids[1]!, userId: board.ownerId },
      Y.encodeStateAsUpdate(doc),
      snapshot,
    );
    const viewId = crypto.randomUUID();
    await saveRecords(board, [
      {
        type: 'view',
        op: 'put',
        id: viewId,
        body: {
          folder_id: board.folderId,
          type: 'documents',
          name: 'Handbook',
          settings: { published: true },
          row_version: 1,
        },
      },
    ]);
    const pageUrl = `${served.origin}/p/e${board.teamId}-${viewId}/${encodeURIComponent(pageSlug('Onboarding', ids[1]!))}`;
    const indexUrl = `${served.origin}/index.html`;
    const indexBody = await (await fetch(indexUrl)).text();
    const isPage = (body: string) => body.includes('<h1 dir="auto">Onboarding</h1>');
    const isIndex = (body: string) => body === indexBody;
    for (let i = 0; i < WARMUP; i++) {
      await timed(pageUrl, isPage);
      await timed(indexUrl, isIndex);
    }
    const page: number[] = [];
    const index: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const sides = [
        async () => {
          for (let i = 0; i < PER_ROUND; i++) page.push(await timed(pageUrl, isPage));
        },
        async () => {
          for (let i = 0; i < PER_ROUND; i++) index.push(await timed(indexUrl, isIndex));
        },
      ];
      for (const side of round % 2 === 0 ? sides : sides.reverse()) await side();
    }
    const pageMs = median(page);
    const indexMs = median(index);
    return {
      name: 'published-page',
      ratio: pageMs / indexMs,
      goal: '<=3',
      details: {
        page_ms: round(pageMs, 2),
        index_ms: round(indexMs, 2),
        document_kb: round(snapshot.html.length / 1024, 1),
        requests: page.length,
      },
    };
  } finally {
    await board?.close();
    rmSync(work, { recursive: true, force: true });
  }
}
