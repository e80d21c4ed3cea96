/**
 * Search: `GET /api/search?q=<word>&team_id=&limit=20` over ITEMS items and COMMENTS comments must
 * answer in <= 2x the time of the bare indexed full-text SELECT of the same query (docs/search.md).
 *
 * Method:
 * - One app as in production (full plugin stack, auth, access checks) on a PGlite data directory, or,
 *   with `BENCH_DATABASE_URL=postgres://...`, on a new database of that PostgreSQL server (printed
 *   as `search-postgres`). The bench board of board-fixture.ts with FOLDERS folders; ITEMS items
 *   spread over them, each with a title of 3 words and a long text (HTML) of 12 words; COMMENTS
 *   comments of 15 words on random items. Words are drawn (seeded) from a vocabulary of VOCABULARY
 *   made-up words, so a word is in about 0.3 % of items and comments, as a real topic word is.
 *   Multi-row INSERTs with the indexes of migrations 0015 and 0018 in place, the items' texts
 *   written as the search indexer writes them, then `ANALYZE`.
 * - The query is one word of the vocabulary (5+ letters, so both the word-prefix match and the
 *   inside-word trigram match run), a different word each round.
 * - Candidate: the route through `app.inject` with the owner's bearer token (no sockets); the
 *   answer checked: 200, 20 hits, each holding the word in its title, snippet or name.
 * - Baseline: through the same driver, the bare indexed SELECTs a search needs at least: the 21
 *   best items and the 21 best comments whose tsvector matches the word's prefix query (`@@`,
 *   `ts_rank`, ORDER BY rank, the workspace's live rows, the GIN indexes of migrations 0015 and
 *   0018; an item's text joined to its row for its folder and whether it is deleted), then
 *   JSON.stringify of both. It leaves out what the route adds: the session and workspace lookups,
 *   the boards' and folders' visibility, the inside-word match, boards and folders, titles and
 *   snippets, the response schema and the HTTP layer.
 * - Warm-up of WARMUP queries per side, then ROUNDS rounds alternating which side goes first; a
 *   sample is one query. Ratio = median candidate / median baseline.
 */
import { randomUUID } from 'node:crypto';
import { folders } from '../apps/server/src/db/schema/boards';
import { comments } from '../apps/server/src/db/schema/comments';
import { items } from '../apps/server/src/db/schema/items';
import { repairItemTexts } from '../apps/server/src/modules/search/search-indexer';
import { type BenchBoard, base62Id, openBenchBoard } from './lib/board-fixture';
import { seeded } from './lib/seeded';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const ITEMS = 100_000;
const COMMENTS = 50_000;
const FOLDERS = 10;
const VOCABULARY = 5_000;
const WARMUP = 5;
const ROUNDS = 21;
const LIMIT = 20;
const BATCH = 1_000;

const SYLLABLES = [
  'ka',
  'lo',
  'mir',
  'sen',
  'ta',
  'vu',
  'rel',
  'pon',
  'di',
  'gra',
  'shu',
  'bel',
  'no',
  'fen',
];

function vocabulary(random: () => number): string[] {
  const words = new Set<string>();
  while (words.size < VOCABULARY) {
    const length = 2 + Math.floor(random() * 3);
    words.add(Array.from({ length }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

const sentence = (random: () => number, words: readonly string[], n: number) =>
  Array.from({ length: n }, () => words[Math.floor(random() * words.length)]).join(' ');

async function insertData(board: BenchBoard, words: readonly string[]): Promise<void> {
  const db = board.app.ctx.db;
  const random = seeded(7);
  const folderIds = [board.folderId];
  const now = new Date();
  for (let i = 1; i < FOLDERS; i++) {
    const id = base62Id();
    await db.insert(folders).values({
      id,
      teamId: board.teamId,
      boardId: board.boardId,
      name: `Folder ${i}`,
      createdBy: board.ownerId,
      createdAt: now,
      updatedAt: now,
    });
    folderIds.push(id);
  }
  const text = board.attributeIds.text!;
  const longtext = board.attributeIds.longtext!;
  const itemIds: string[] = [];
  for (let start = 0; start < ITEMS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, ITEMS - start) }, (_, i) => {
      const n = start + i;
      const id = randomUUID();
      itemIds.push(id);
      return {
        id,
        teamId: board.teamId,
        boardId: board.boardId,
        folderId: folderIds[n % FOLDERS]!,
        sortOrder: `a${String(n).padStart(6, '0')}`,
        values: {
          [text]: { id: randomUUID(), attribute_id: text, data: sentence(random, words, 3) },
          [longtext]: {
            id: randomUUID(),
            attribute_id: longtext,
            data: `<p>${sentence(random, words, 6)} <strong>${sentence(random, words, 6)}</strong></p>`,
          },
        },
        createdBy: board.ownerId,
        createdAt: now,
        updatedAt: now,
      };
    });
    await db.insert(items).values(rows);
  }
  for (let start = 0; start < COMMENTS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, COMMENTS - start) }, () => ({
      id: randomUUID(),
      teamId: board.teamId,
      boardId: board.boardId,
      itemId: itemIds[Math.floor(random() * itemIds.length)]!,
      html: `<p>${sentence(random, words, 15)}</p>`,
      createdBy: board.ownerId,
      createdAt: now,
      updatedAt: now,
    }));
    await db.insert(comments).values(rows);
  }
  // What the search indexer writes after commit for items made through the API.
  await repairItemTexts(db, new Date(0));
  await board.database.executeSql('ANALYZE');
}

interface Hit {
  title: string | null;
  snippet: string | null;
  board_name: string;
}

async function searchThroughApi(board: BenchBoard, word: string) {
  const start = performance.now();
  const res = await board.app.inject({
    method: 'GET',
    url: `/api/search?q=${word}&team_id=${board.teamId}&limit=${LIMIT}`,
    headers: { authorization: `Bearer ${board.token}` },
  });
  const elapsed = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const page = res.json() as { data: Hit[] };
  if (page.data.length !== LIMIT) throw new Error(`search ${word}: ${page.data.length} hits`);
  for (const hit of page.data)
    if (!`${hit.title} ${hit.snippet}`.toLowerCase().includes(word))
      throw new Error(`hit without ${word}: ${JSON.stringify(hit)}`);
  return elapsed;
}

const ITEM_VECTOR = `to_tsvector('simple'::regconfig, "item_texts"."text")`;
const COMMENT_VECTOR = `to_tsvector('simple'::regconfig, regexp_replace("comments"."html", '<[^>]*>|&[#0-9a-zA-Z]+;', ' ', 'g'))`;

async function searchRaw(board: BenchBoard, word: string) {
  const start = performance.now();
  const query = `'${word}':*`;
  const [found, said] = await Promise.all([
    board.database.executeSql(
      `SELECT items.id, items.folder_id, ts_rank(${ITEM_VECTOR}, to_tsquery('simple', $2)) AS rank
       FROM item_texts JOIN items ON items.team_id = item_texts.team_id AND items.id = item_texts.item_id
       WHERE item_texts.team_id = $1 AND items.deleted_at IS NULL AND ${ITEM_VECTOR} @@ to_tsquery('simple', $2)
       ORDER BY rank DESC, items.id LIMIT ${LIMIT + 1}`,
      [board.teamId, query],
    ),
    board.database.executeSql(
      `SELECT id, item_id, ts_rank(${COMMENT_VECTOR}, to_tsquery('simple', $2)) AS rank FROM comments
       WHERE team_id = $1 AND deleted_at IS NULL AND ${COMMENT_VECTOR} @@ to_tsquery('simple', $2)
       ORDER BY rank DESC, id LIMIT ${LIMIT + 1}`,
      [board.teamId, query],
    ),
  ]);
  JSON.stringify({ items: found.rows, comments: said.rows });
  const elapsed = performance.now() - start;
  if (found.rows.length + said.rows.length < LIMIT) throw new Error(`raw ${word}: too few rows`);
  return elapsed;
}

export async function run(): Promise<BenchResult> {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const board = await openBenchBoard({}, { databaseUrl });
  try {
    const random = seeded(11);
    const words = vocabulary(random);
    const loadStart = performance.now();
    await insertData(board, words);
    const loadMs = performance.now() - loadStart;
    const queries = words.filter((word) => word.length >= 5);
    let next = 0;
    const word = () => queries[(next++ * 97) % queries.length]!;
    for (let i = 0; i < WARMUP; i++) {
      const w = word();
      await searchThroughApi(board, w);
      await searchRaw(board, w);
    }
    const api: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const w = word();
      if (i % 2 === 0) {
        api.push(await searchThroughApi(board, w));
        raw.push(await searchRaw(board, w));
      } else {
        raw.push(await searchRaw(board, w));
        api.push(await searchThroughApi(board, w));
      }
    }
    const apiMs = median(api);
    const rawMs = median(raw);
    return {
      name: databaseUrl ? 'search-postgres' : 'search',
      ratio: apiMs / rawMs,
      goal: '<=2',
      details: {
        items: ITEMS,
        comments: COMMENTS,
        api_ms: round(apiMs, 1),
        raw_ms: round(rawMs, 1),
        load_s: round(loadMs / 1000, 1),
      },
    };
  } finally {
    await board.close();
  }
}
