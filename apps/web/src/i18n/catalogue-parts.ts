/**
 * The English catalogue is the only one in the first load (the fallback, and the default
 * language). Its sections that only lazily loaded screens use are cut out of it at build time
 * (`vite/catalogue-parts.ts`) and come with those screens: `views` with the board's screens (the
 * folder's items and views, the board's trash and activity, creating and editing boards); `palette`
 * with the command palette and its shortcuts sheet; `permissions` with the permissions screens;
 * `forms` with a form view's builder and the public form page; `developer` with the webhooks screens.
 * The catalogue files themselves stay whole, one per language.
 */
export const CATALOGUE_PARTS = {
  views: ['views', 'items', 'attachments', 'activity', 'trash', 'comments'],
  notifications: ['notifications'],
  palette: ['palette'],
  permissions: ['permissions'],
  forms: ['forms'],
  developer: ['developer'],
} as const satisfies Record<string, readonly string[]>;

export type CataloguePart = keyof typeof CATALOGUE_PARTS;

/** The top-level sections of the first load: every section that is in no part. */
export const SHELL_PART = 'shell';
