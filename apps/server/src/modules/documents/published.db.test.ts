import { pageSlug } from '@strata/domain/documents/page-slug';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { multipart, PNG } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DANGEROUS_HTML, XSS_PAYLOADS } from '../../test/xss-corpus';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from '../items/items.fixtures';
import { documentSnapshot } from './document-html';
import { writeDocument } from './document-store';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
let s: Seeded;
let site: Awaited<ReturnType<typeof publishedSite>>;

/** A folder of pages: Launch plan (with a document), its subpage, and a page whose title is hostile. */
async function publishedSite() {
  const { board, folder, name } = await api.newPlace(s);
  const secret = await api.newAttribute(s, board.id, 'text', { name: 'Budget notes' });
  const plan = await api.newItem(s, folder.id, {
    values: { [name.id]: { data: 'Launch plan' }, [secret.id]: { data: 'hunter2-secret' } },
  });
  const details = await api.newItem(s, folder.id, {
    parent_id: plan.id,
    values: { [name.id]: { data: 'Details <script>alert(1)</script>' } },
  });
  const other = await api.newPlace(s);
  const elsewhere = await api.newItem(s, other.folder.id, {
    values: { [other.name.id]: { data: 'Elsewhere' } },
  });
  const doc = new Y.Doc();
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText('We ship on Friday.')]);
  doc.getXmlFragment('default').insert(0, [paragraph]);
  await writeDocument(
    t.app.ctx,
    { teamId: s.team.id, itemId: plan.id as string, userId: s.owner.id },
    Y.encodeStateAsUpdate(doc),
    documentSnapshot(doc),
  );
  const viewId = uuid();
  const put = (published: boolean, row_version: number) =>
    api.send('PUT', `/api/${s.team.id}/views/${viewId}`, s.owner.token, {
      folder_id: folder.id,
      type: 'documents',
      name: 'Handbook <b>',
      settings: { published },
      row_version,
    });
  expect((await put(true, 1)).status).toBe(200);
  return {
    viewId,
    folderId: folder.id,
    put,
    base: `/p/e${s.team.id}-${viewId}`,
    plan: plan as { id: string },
    details: details as { id: string },
    elsewhere: elsewhere as { id: string },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
  s = await seedWorkspace(t);
  site = await publishedSite();
});
afterAll(() => t?.close());

const read = (url: string) => t.request({ method: 'GET', url });

describe('published documents sites', () => {
  test('the site opens on its first page, readable without a script, with its tree and link previews', async () => {
    const res = await read(site.base);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<h1 dir="auto">Launch plan</h1>');
    expect(html).toContain('<p>We ship on Friday.</p>');
    expect(html).toContain('<meta property="og:title" content="Launch plan">');
    expect(html).toContain('<meta name="description" content="We ship on Friday.">');
    expect(html).toContain(
      `href="${t.app.ctx.config.appUrl}${site.base}/${pageSlug('Launch plan', site.plan.id)}" aria-current="page"`,
    );
    // The subpage is in the tree, its title as text.
    expect(html).toContain('Details &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Handbook &lt;b&gt;');
    expect(html).not.toMatch(/<script/i);
    // Only titles and documents leave: no other value of the items.
    expect(html).not.toContain('hunter2-secret');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'/);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  test('a page by its address; an address with an old title redirects to the current one', async () => {
    const slug = pageSlug('Details <script>alert(1)</script>', site.details.id);
    const page = await read(`${site.base}/${encodeURIComponent(slug)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 dir="auto">Details &lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(page.body).toContain('This page has no text yet.');
    const moved = await read(`${site.base}/an-old-title-${site.plan.id}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(
      `${t.app.ctx.config.appUrl}${site.base}/${pageSlug('Launch plan', site.plan.id)}`,
    );
  });

  test.each([
    ['an item of another folder', () => `${site.base}/elsewhere-${site.elsewhere.id}`],
    ['an item that does not exist', () => `${site.base}/nothing-${uuid()}`],
    ['a slug without an item id', () => `${site.base}/launch-plan`],
    ['another workspace number', () => `/p/e${s.team.id + 1000}-${site.viewId}`],
    ['a view that does not exist', () => `/p/e${s.team.id}-${uuid()}`],
    ['a malformed site', () => `/p/x${s.team.id}-${site.viewId}`],
    ['a form-looking id', () => `/p/e${s.team.id}-not-a-uuid`],
  ])('%s: 404, the same page as any', async (_, url) => {
    const res = await read(url());
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>Not found</h1>');
  });

  test('unpublished, the site is gone at once; published again, it is back', async () => {
    expect((await site.put(false, 2)).status).toBe(200);
    expect((await read(site.base)).statusCode).toBe(404);
    expect((await read(`${site.base}/${pageSlug('Launch plan', site.plan.id)}`)).statusCode).toBe(404);
    expect((await site.put(true, 3)).status).toBe(200);
    expect((await read(site.base)).statusCode).toBe(200);
  });

  test('a view of another type is never a site', async () => {
    const { folder } = await api.newPlace(s);
    const id = uuid();
    const view = await api.send('PUT', `/api/${s.team.id}/views/${id}`, s.owner.token, {
      folder_id: folder.id,
      type: 'table',
      name: 'Table',
      settings: { published: true },
      row_version: 1,
    });
    expect(view.status).toBe(200);
    expect((await read(`/p/e${s.team.id}-${id}`)).statusCode).toBe(404);
  });
});

describe('a page shared alone (/p/i)', () => {
  test('only the pages shared alone open, each without the site around it, whether the site is published or not', async () => {
    const p = await publishedSite();
    const alone = `/p/i${s.team.id}-${p.viewId}`;
    const planSlug = pageSlug('Launch plan', p.plan.id);
    // Published as a site, but no page shared alone: no /p/i address answers.
    expect((await read(`${alone}/${planSlug}`)).statusCode).toBe(404);

    const save = (settings: Record<string, unknown>, row_version: number) =>
      api.send('PUT', `/api/${s.team.id}/views/${p.viewId}`, s.owner.token, {
        folder_id: p.folderId,
        type: 'documents',
        name: 'Handbook <b>',
        settings,
        row_version,
      });
    expect((await save({ published: false, shared_pages: [p.plan.id] }, 2)).status).toBe(200);
    const page = await read(`${alone}/${planSlug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 dir="auto">Launch plan</h1>');
    expect(page.body).toContain('<p>We ship on Friday.</p>');
    expect(page.body).not.toContain('<nav');
    expect(page.body).not.toContain('Details &lt;script&gt;');
    expect(page.body).toContain(
      `<link rel="canonical" href="${t.app.ctx.config.appUrl}${alone}/${planSlug}">`,
    );
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');

    // The site itself is not published; the subpage, the bare address and an old title are what they should be.
    expect((await read(p.base)).statusCode).toBe(404);
    expect((await read(`${alone}/${pageSlug('Details', p.details.id)}`)).statusCode).toBe(404);
    expect((await read(alone)).statusCode).toBe(404);
    const old = await read(`${alone}/old-title-${p.plan.id}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`${t.app.ctx.config.appUrl}${alone}/${planSlug}`);
    // Another view's page, or another workspace's number, is not found.
    expect((await read(`${alone}/${pageSlug('Elsewhere', p.elsewhere.id)}`)).statusCode).toBe(404);
    expect((await read(`/p/i${s.team.id + 1}-${p.viewId}/${planSlug}`)).statusCode).toBe(404);

    // The shared-links screen lists it, and stopping it closes the address at once.
    const links = await api.send('GET', `/api/${s.team.id}/shared-links`, s.owner.token);
    const listed = (
      links.body.data as { kind: string; page_id: string | null; path: string; name: string }[]
    ).find((link) => link.kind === 'page' && link.page_id === p.plan.id);
    expect(listed).toMatchObject({ name: 'Launch plan', path: `${alone}/${planSlug}` });
    expect((await save({ published: false, shared_pages: [] }, 3)).status).toBe(200);
    expect((await read(`${alone}/${planSlug}`)).statusCode).toBe(404);
  });

  test.each([
    { case: 'not a page id', shared_pages: ['page-1'] },
    { case: 'not a list', shared_pages: 'all' },
  ])('a view saved with shared pages that are $case keeps none', async ({ shared_pages }) => {
    const p = await publishedSite();
    const res = await api.send('PUT', `/api/${s.team.id}/views/${p.viewId}`, s.owner.token, {
      folder_id: p.folderId,
      type: 'documents',
      name: 'Handbook',
      settings: { published: true, shared_pages },
      row_version: 2,
    });
    if (res.status === 200) expect(res.body.settings.shared_pages ?? []).toEqual([]);
    else expect(res.status).toBe(422);
    expect(
      (await read(`/p/i${s.team.id}-${p.viewId}/${pageSlug('Launch plan', p.plan.id)}`)).statusCode,
    ).toBe(404);
  });
});

describe('a stored document from before the rules it is shown by', () => {
  test('its HTML is sanitised again when the page is rendered', async () => {
    const place = await api.newPlace(s);
    const page = await api.newItem(s, place.folder.id, { values: { [place.name.id]: { data: 'Old page' } } });
    // A row as an older server may have kept it: its HTML was never through today's allow-list.
    await writeDocument(
      t.app.ctx,
      { teamId: s.team.id, itemId: page.id as string, userId: s.owner.id },
      Y.encodeStateAsUpdate(new Y.Doc()),
      { html: XSS_PAYLOADS.join(''), text: 'Old page' },
    );
    const viewId = uuid();
    const put = await api.send('PUT', `/api/${s.team.id}/views/${viewId}`, s.owner.token, {
      folder_id: place.folder.id,
      type: 'documents',
      name: 'Archive',
      settings: { published: true },
      row_version: 1,
    });
    expect(put.status).toBe(200);
    const res = await read(`/p/e${s.team.id}-${viewId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('click');
    expect(res.body).not.toMatch(DANGEROUS_HTML);
  });
});

describe('links to items in a published page', () => {
  /** A paragraph of text and links to items (documents/item-link.ts). */
  function paragraphOf(...parts: (string | { id: string; label: string })[]) {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(
      0,
      parts.map((part) => {
        if (typeof part === 'string') return new Y.XmlText(part);
        const link = new Y.XmlElement('itemLink');
        link.setAttribute('id', part.id);
        link.setAttribute('label', part.label);
        return link;
      }),
    );
    return paragraph;
  }

  test('a page of the site is linked with its title now; any other item is its label, without its id', async () => {
    const place = await api.newPlace(s);
    const title = (data: string) => ({ values: { [place.name.id]: { data } } });
    const roadmap = (await api.newItem(s, place.folder.id, title('Roadmap'))) as { id: string };
    const notes = (await api.newItem(s, place.folder.id, title('Notes'))) as { id: string };
    const hidden = await api.newPlace(s);
    const secret = (await api.newItem(s, hidden.folder.id, {
      values: { [hidden.name.id]: { data: 'Secret merger' } },
    })) as { id: string };
    const doc = new Y.Doc();
    doc
      .getXmlFragment('default')
      .insert(0, [
        paragraphOf(
          'See ',
          { id: roadmap.id, label: 'Old roadmap' },
          ' and ',
          { id: secret.id, label: 'the plan' },
          '.',
        ),
      ]);
    await writeDocument(
      t.app.ctx,
      { teamId: s.team.id, itemId: notes.id, userId: s.owner.id },
      Y.encodeStateAsUpdate(doc),
      documentSnapshot(doc),
    );
    const viewId = uuid();
    const view = (settings: Record<string, unknown>, row_version: number) =>
      api.send('PUT', `/api/${s.team.id}/views/${viewId}`, s.owner.token, {
        folder_id: place.folder.id,
        type: 'documents',
        name: 'Wiki',
        settings,
        row_version,
      });
    expect((await view({ published: true }, 1)).status).toBe(200);
    const base = `/p/e${s.team.id}-${viewId}`;
    const notesPage = () => read(`${base}/${pageSlug('Notes', notes.id)}`);
    const linkTo = (slug: string, text: string) =>
      `<a href="${t.app.ctx.config.appUrl}${base}/${slug}">${text}</a>`;

    let page = await notesPage();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `See ${linkTo(pageSlug('Roadmap', roadmap.id), 'Roadmap')} and <span>the plan</span>.`,
    );
    expect(page.body).not.toContain(secret.id);
    expect(page.body).not.toContain('Secret merger');
    expect(page.body).not.toContain('data-id');

    // Renamed: the link follows the page's title and address at once.
    const renamed = await api.putItem(s, s.owner.token, roadmap.id, {
      ...title('Roadmap 2027'),
      row_version: 2,
    });
    expect(renamed.status).toBe(200);
    page = await notesPage();
    expect(page.body).toContain(linkTo(pageSlug('Roadmap 2027', roadmap.id), 'Roadmap 2027'));

    // Shared alone, the page links only to pages shared alone too.
    expect((await view({ published: false, shared_pages: [notes.id] }, 2)).status).toBe(200);
    const alone = await read(`/p/i${s.team.id}-${viewId}/${pageSlug('Notes', notes.id)}`);
    expect(alone.statusCode).toBe(200);
    expect(alone.body).toContain('See <span>Old roadmap</span> and <span>the plan</span>.');
    expect(alone.body).not.toContain(roadmap.id);
  });
});

describe('the workspace on its published pages', () => {
  test('its photo shows beside its name and is the link preview’s image, from the moment it is set', async () => {
    const before = await read(site.base);
    expect(before.body).not.toContain('og:image');
    const upload = await t.request({
      method: 'POST',
      url: `/api/teams/${s.team.id}/photo`,
      token: s.owner.token,
      ...multipart('photo', 'logo.png', PNG),
    });
    expect(upload.statusCode).toBe(200);
    const logo = `${t.app.ctx.config.appUrl}${upload.json().photo_url as string}`;
    const page = await read(site.base);
    expect(page.body).toContain(
      `<header><img src="${logo}" alt="" width="28" height="28"><strong dir="auto">`,
    );
    expect(page.body).toContain(`<meta property="og:image" content="${logo}">`);
    // Served to anyone, as the page's policy lets it load.
    expect((await read(upload.json().photo_url as string)).statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("img-src 'self'");
  });
});
