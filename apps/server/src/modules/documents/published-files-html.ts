import { formatFileSize } from '@strata/domain/attributes/file-size';
import { publishedSiteKey } from '@strata/domain/documents/page-slug';
import { escapeHtml } from '../../mail/templates';
import type { PublishedFile, PublishedFiles } from './published-files';
import { PUBLISHED_STYLE, workspaceLogoHtml } from './published-page-html';
import { publishedPageTexts } from './published-page-texts';

/** The list's address, and a file's download address under it. */
export function filesUrl(
  appUrl: string,
  list: Pick<PublishedFiles, 'teamId' | 'viewId'>,
  file?: PublishedFile,
): string {
  const base = `${appUrl.replace(/\/$/, '')}/p/${publishedSiteKey(list.teamId, list.viewId, 'f')}`;
  return file ? `${base}/files/${encodeURIComponent(file.id)}` : base;
}

/**
 * A published files view as a complete HTML document (docs/files-view.md): the workspace's and the
 * list's names and a table of the files, each a download link, with the item it belongs to and its
 * size. Readable without any script; every name is escaped.
 */
export function renderPublishedFiles(list: PublishedFiles, appUrl: string): string {
  const { texts, locale } = publishedPageTexts(list.locale);
  const url = filesUrl(appUrl, list);
  const rows = list.files
    .map(
      (file) =>
        `<tr><td><a dir="auto" href="${escapeHtml(filesUrl(appUrl, list, file))}" download aria-label="${escapeHtml(
          texts.download.replace('{{name}}', file.name),
        )}">${escapeHtml(file.name)}</a></td><td dir="auto">${escapeHtml(file.itemTitle || texts.untitled)}</td><td class="size">${escapeHtml(
          formatFileSize(file.size, locale),
        )}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${list.listName} · ${list.workspaceName}`)}</title>
<meta name="description" content="${escapeHtml(`${texts.files}: ${list.files.length}`)}">
<link rel="canonical" href="${escapeHtml(url)}">
<meta property="og:type" content="website">
<meta property="og:title" content="${escapeHtml(list.listName)}">
<meta property="og:url" content="${escapeHtml(url)}">
<meta property="og:site_name" content="${escapeHtml(list.workspaceName)}">
<style>${PUBLISHED_STYLE}</style>
</head>
<body>
<header>${workspaceLogoHtml(list.workspaceLogo, appUrl)}<strong dir="auto">${escapeHtml(list.workspaceName)}</strong><span dir="auto">${escapeHtml(list.listName)}</span></header>
<div class="alone">
<main>
<h1 dir="auto">${escapeHtml(list.listName)}</h1>
${
  list.files.length === 0
    ? `<p class="empty">${escapeHtml(texts.noFiles)}</p>`
    : `<table><thead><tr><th scope="col">${escapeHtml(texts.file)}</th><th scope="col">${escapeHtml(texts.item)}</th><th scope="col">${escapeHtml(texts.size)}</th></tr></thead><tbody>${rows}</tbody></table>`
}
</main>
</div>
</body>
</html>
`;
}
