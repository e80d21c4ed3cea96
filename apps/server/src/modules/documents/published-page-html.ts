import { createHash } from 'node:crypto';
import { publishedSiteKey } from '@strata/domain/documents/page-slug';
import { sanitiseHtml } from '../../lib/html-sanitise';
import { escapeHtml } from '../../mail/templates';
import type { PlacedFile } from './published-page-files';
import { publishedPageTexts } from './published-page-texts';
import type { PageDocument, PublishedPage, PublishedSite } from './published-site';

const DESCRIPTION_CHARS = 160;

/** The page's own look: readable without any script, light or dark as the reader's device is. */
export const PUBLISHED_STYLE = `
:root{color-scheme:light dark;--text:#1f2430;--muted:#5b6472;--line:#dfe3ea;--accent:#4f46e5;--bg:#fff;--side:#f6f7f9}
@media (prefers-color-scheme:dark){:root{--text:#e6e8ee;--muted:#a2a9b6;--line:#2c3240;--accent:#a5b4fc;--bg:#12151c;--side:#181c25}}
*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",sans-serif;color:var(--text);background:var(--bg)}
header{padding:12px 24px;border-block-end:1px solid var(--line);display:flex;gap:8px;align-items:baseline;flex-wrap:wrap}
header strong{font-size:1.05rem}header span{color:var(--muted)}header img{align-self:center;border-radius:6px;object-fit:cover}
.layout{display:grid;grid-template-columns:minmax(180px,260px) minmax(0,1fr);min-block-size:calc(100vh - 50px)}
nav{background:var(--side);border-inline-end:1px solid var(--line);padding:16px}
nav ul{list-style:none;margin:0;padding:0}nav ul ul{padding-inline-start:16px}
nav a{display:block;padding:4px 8px;border-radius:6px;color:var(--text);text-decoration:none;overflow-wrap:anywhere}
nav a:hover{background:var(--line)}nav a[aria-current=page]{color:var(--accent);font-weight:600}
main{padding:24px 32px;max-inline-size:860px;overflow-wrap:anywhere}
.alone main{margin-inline:auto}
h1{font-size:2rem;line-height:1.25;margin:0 0 16px}
a{color:var(--accent)}a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
pre{padding:12px;border-radius:6px;background:var(--side);overflow:auto}
blockquote{margin-inline:0;padding-inline-start:12px;border-inline-start:3px solid var(--line);color:var(--muted)}
[data-type=callout]{margin-block:12px;padding:8px 12px;border-inline-start:4px solid #4f46e5;border-radius:6px;background:light-dark(#eef0ff,#22264a)}
[data-type=callout][data-tone=success]{border-inline-start-color:#0f7052;background:light-dark(#e6f6ef,#14302a)}
[data-type=callout][data-tone=warning]{border-inline-start-color:#a15c07;background:light-dark(#fff7e6,#35280f)}
[data-type=callout][data-tone=danger]{border-inline-start-color:#c2293b;background:light-dark(#fdecef,#3a1a20)}
[data-type=callout]>:first-child{margin-block-start:0}[data-type=callout]>:last-child{margin-block-end:0}
ul[data-type=taskList]{list-style:none;padding-inline-start:4px}
li[data-checked=true]::before{content:"\\2611  "}li[data-checked=false]::before{content:"\\2610  "}
.empty{color:var(--muted)}
table{border-collapse:collapse;inline-size:100%}th,td{padding:8px;border-block-end:1px solid var(--line);text-align:start;vertical-align:top}
article th,article td{border:1px solid var(--line)}article :is(th,td) p{margin:0}
article img[data-type=file]{display:block;max-inline-size:100%;block-size:auto;margin-block:12px;border-radius:6px}article a[data-type=file]{display:block;margin-block:8px;overflow-wrap:anywhere}
th{color:var(--muted);font-weight:600;font-size:.9rem}td.size{white-space:nowrap;color:var(--muted)}
@media (max-width:720px){.layout{grid-template-columns:1fr}nav{border-inline-end:0;border-block-end:1px solid var(--line)}main{padding:16px}}
`;

/**
 * What a published page may load and run: nothing but its own inline style (by hash); no script,
 * no form, images only from this server (the page's files) or over https. Any site may frame it (the embed code).
 */
export const PUBLISHED_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(PUBLISHED_STYLE).digest('base64')}'`,
  "img-src 'self' https: data:",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** The workspace's photo in a published page's header, beside its name (which says who it is). */
export function workspaceLogoHtml(logo: string | null, appUrl: string): string {
  return logo
    ? `<img src="${escapeHtml(`${appUrl.replace(/\/$/, '')}${logo}`)}" alt="" width="28" height="28">`
    : '';
}

/** The site's address, and a page's. */
export function siteUrl(
  appUrl: string,
  site: Pick<PublishedSite, 'kind' | 'teamId' | 'viewId'>,
  page?: PublishedPage,
): string {
  const base = `${appUrl.replace(/\/$/, '')}/p/${publishedSiteKey(site.teamId, site.viewId, site.kind)}`;
  return page ? `${base}/${encodeURIComponent(page.slug)}` : base;
}

function pageTree(site: PublishedSite, open: PublishedPage, appUrl: string, untitled: string): string {
  const ids = new Set(site.pages.map((page) => page.id));
  const childrenOf = (parentId: string | null): PublishedPage[] =>
    site.pages.filter((page) =>
      parentId === null ? page.parentId === null || !ids.has(page.parentId) : page.parentId === parentId,
    );
  const list = (pages: PublishedPage[]): string =>
    pages.length === 0
      ? ''
      : `<ul>${pages
          .map(
            (page) =>
              `<li><a dir="auto" href="${escapeHtml(siteUrl(appUrl, site, page))}"${
                page.id === open.id ? ' aria-current="page"' : ''
              }>${escapeHtml(page.title || untitled)}</a>${list(childrenOf(page.id))}</li>`,
          )
          .join('')}</ul>`;
  return list(childrenOf(null));
}

/**
 * The page's document HTML, sanitised again (a row kept from before a rule of the allow-list
 * changed is shown by today's rules), its links to items resolved: a page of the site (under `i`,
 * another page shared alone) is linked with its title now, anything else is its label's text;
 * its files (`files`: those of the site's board, published-page-files.ts) shown in place or
 * linked, anything else as its name.
 */
function pageHtml(
  site: PublishedSite,
  document: PageDocument,
  files: ReadonlyMap<string, PlacedFile>,
  appUrl: string,
  untitled: string,
): string {
  const pages = new Map(site.pages.map((page) => [page.id, page]));
  return sanitiseHtml(document.html, {
    itemLinks: (itemId) => {
      const target = pages.get(itemId);
      return target ? { href: siteUrl(appUrl, site, target), title: target.title || untitled } : null;
    },
    pageFiles: (fileId) => {
      const file = files.get(fileId);
      return file ? { href: `${siteUrl(appUrl, site)}/files/${fileId}`, image: file.image } : null;
    },
  });
}

/**
 * A published page as a complete HTML document (docs/documents.md): the workspace's and the
 * site's names, the page tree, the page's title and its document's HTML (sanitised when it was
 * stored, and again here: pageHtml), with a description and Open Graph tags for link previews. Everything a person
 * typed is escaped here. The page is rendered once per change (published-site.ts caches it).
 */
export function renderPublishedPage(
  site: PublishedSite,
  page: PublishedPage,
  document: PageDocument,
  appUrl: string,
  files: ReadonlyMap<string, PlacedFile> = new Map(),
): string {
  const { texts, locale } = publishedPageTexts(site.locale);
  const title = page.title || texts.untitled;
  const description = (document.text || site.siteName).slice(0, DESCRIPTION_CHARS);
  const url = siteUrl(appUrl, site, page);
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}">`;
  return `<!doctype html>
<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${title} · ${site.siteName}`)}</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="canonical" href="${escapeHtml(url)}">
${meta('og:type', 'article')}
${meta('og:title', title)}
${meta('og:description', description)}
${meta('og:url', url)}
${meta('og:site_name', site.workspaceName)}
${site.workspaceLogo ? `${meta('og:image', `${appUrl.replace(/\/$/, '')}${site.workspaceLogo}`)}\n` : ''}<style>${PUBLISHED_STYLE}</style>
</head>
<body>
<header>${workspaceLogoHtml(site.workspaceLogo, appUrl)}<strong dir="auto">${escapeHtml(site.workspaceName)}</strong><span dir="auto">${escapeHtml(site.siteName)}</span></header>
<div class="${site.kind === 'e' ? 'layout' : 'alone'}">
${site.kind === 'e' ? `<nav aria-label="${escapeHtml(texts.pages)}">${pageTree(site, page, appUrl, texts.untitled)}</nav>\n` : ''}<main>
<article>
<h1 dir="auto">${escapeHtml(title)}</h1>
${document.html ? `<div dir="auto">${pageHtml(site, document, files, appUrl, texts.untitled)}</div>` : `<p class="empty">${escapeHtml(texts.empty)}</p>`}
</article>
</main>
</div>
</body>
</html>
`;
}
