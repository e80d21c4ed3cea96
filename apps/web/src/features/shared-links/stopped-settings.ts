import type { SharedLink } from '@strata/contracts/shared-links';

/** The view's settings that stop one link: its switch off, or its page out of the shared ones. */
export function stoppedSettings(
  kind: SharedLink['kind'],
  pageId: string | null,
  settings: Record<string, unknown>,
) {
  if (kind === 'form') return { shared: false };
  if (kind === 'site' || kind === 'files') return { published: false };
  const pages = Array.isArray(settings.shared_pages) ? settings.shared_pages : [];
  return { shared_pages: pages.filter((id) => id !== pageId) };
}
