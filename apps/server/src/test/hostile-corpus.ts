import fc from 'fast-check';

/** What the input policy and the contracts must answer 4xx: each one measured as a 500 once. */
export const HOSTILE_STRINGS = [
  '\u0000',
  'name\u0000',
  '\ud800',
  'a\udc00b',
  '\udbff\udbff',
  '<script>alert(1)</script>',
  '<p>Hi</p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:30:00+01:00',
  '10000-01-01T00:00:00Z',
  "'; DROP TABLE users; --",
  '%00',
  '{{constructor.constructor("return 1")()}}',
  'x'.repeat(70_000),
];

export const HOSTILE_NUMBERS = [
  2_147_483_648,
  -2_147_483_649,
  1e20,
  2 ** 53,
  -1,
  0,
  1.5,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
];

const hostileString = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 3 },
  // Any UTF-16 code units: U+0000 and lone surrogates included.
  { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }), weight: 1 },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const scalar = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));

/** A JSON tree of hostile leaves, keys hostile too. */
const tree = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.string({ maxLength: 8 })), tie('node'), { maxKeys: 4 }),
  ),
})).node;

/** Nested `depth` levels: around the limit, and far past it. */
export const nested = (depth: number): unknown => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
};
// Deeper bodies (4,000 and 6,000 levels, measured as 500s) are sent as text: JSON.stringify itself
// recurses and would overflow here first.
const deep = fc.constantFrom(63, 64, 65, 1_000).map((depth) => nested(depth));

/** JSON texts too deep or too broken to make with JSON.stringify. */
export const RAW_BODIES = [
  ...[4_000, 6_000].map(
    (depth) => `{"name":"x","row_version":1,"settings":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
  ),
  '['.repeat(200_000),
  '{"a":',
  '{"name":"\\u0000","row_version":1}',
  '{"name":"\\ud800","row_version":1}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
];

const field = fc.oneof(
  { arbitrary: scalar, weight: 4 },
  { arbitrary: tree, weight: 2 },
  { arbitrary: deep, weight: 1 },
);

/** An object with some of the route's own fields (so requests pass the first checks), each hostile. */
function fieldsOf(names: readonly string[]) {
  const keys = names.length > 0 ? names : ['name', 'id', 'data', 'value'];
  return fc.dictionary(fc.constantFrom(...keys), field, { maxKeys: keys.length });
}

/** Bodies for a route whose JSON body names `names`; arrays for routes that take an array. */
export function bodyArbitrary(names: readonly string[], isArray: boolean) {
  const object = fc.oneof(
    { arbitrary: fieldsOf(names), weight: 4 },
    { arbitrary: tree, weight: 1 },
    { arbitrary: deep, weight: 1 },
  );
  return isArray ? fc.array(object, { minLength: 1, maxLength: 3 }) : object;
}

/** Values for a path parameter or a query field: hostile text and numbers, and well-formed ids. */
export const paramArbitrary = fc.oneof(
  hostileString,
  hostileNumber.map(String),
  fc.constant('AAAAAAAAAAA'),
  fc.uuid(),
);

/** Bodies a route's validation lets through to its service, with the hostile part where it is stored. */
export function storedValueBodies(place: {
  folderId: string;
  boardId: string;
  attributes: { longtext: string; members: string; links: string; text: string };
}) {
  const { folderId, boardId, attributes } = place;
  const link = fc.record({
    id: fc.uuid(),
    url: hostileString,
    name: hostileString,
    favicon: fc.oneof(hostileString, fc.constant(null)),
  });
  const item = fc.record({
    folder_id: fc.constant(folderId),
    row_version: fc.constant(1),
    values: fc.record({
      [attributes.longtext]: fc.record({ data: hostileString }),
      [attributes.text]: fc.record({ data: hostileString }),
      [attributes.members]: fc.record({ data: fc.array(hostileNumber, { maxLength: 2 }) }),
      [attributes.links]: fc.record({ data: fc.array(link, { maxLength: 2 }) }),
    }),
  });
  const attribute = fc.record({
    board_id: fc.constant(boardId),
    name: hostileString,
    type: fc.constantFrom('longtext', 'button', 'links', 'members', 'text', 'date'),
    row_version: fc.constant(1),
    default_data: fc.oneof(hostileString, fc.array(hostileNumber, { maxLength: 2 })),
    settings: fc.oneof(
      fc.record({
        label: hostileString,
        action: fc.record({ type: fc.constant('open_url'), url: hostileString }),
      }),
      fc.record({
        label: fc.constant('Fill'),
        action: fc.record({
          type: fc.constant('set_values'),
          values: fc.tuple(
            fc.record({ attribute_id: fc.constant(attributes.longtext), data: hostileString }),
            fc.record({ attribute_id: fc.constant(attributes.text), data: hostileString }),
          ),
        }),
      }),
    ),
  });
  return { item, attribute };
}

/** The fast-check seed of this run, printed by the suite so a failing corpus can be replayed. */
export const CORPUS_SEED = Number(process.env.HOSTILE_SEED ?? Date.now() % 2 ** 31);
