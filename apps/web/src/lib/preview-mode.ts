/**
 * Preview mode: `?pretend=…` lets an owner see the app as it would look, without changing
 * anything (spec section 2). The request layer refuses changes while it is on.
 */
export function isPreviewMode(search: string = window.location.search): boolean {
  const value = new URLSearchParams(search).get('pretend');
  return value !== null && value !== '' && value !== '0' && value !== 'false';
}

export function isHeaderHidden(search: string = window.location.search): boolean {
  const value = new URLSearchParams(search).get('hide_header');
  return value !== null && value !== '' && value !== '0' && value !== 'false';
}
