/** Business constants of spec section 9. */
export const CLIENT_VERSION = '35.0.0';
export const DEFAULT_LOCALE = 'en-US';
export const LOCALES = ['en-US', 'it', 'fr', 'ar', 'tr', 'pl', 'es', 'zh', 'ko', 'de', 'sr'] as const;
export type Locale = (typeof LOCALES)[number];
export const RTL_LANGUAGES = ['ar', 'he', 'fa', 'ur'] as const;

/** Password confirmation (re-authentication) lasts this long for privileged actions. */
export const REAUTH_WINDOW_MS = 30 * 60 * 1000;
/** A client treats tokens as expired this long before their real expiry. */
export const TOKEN_MARGIN_MS = 5_000;
/** Idempotency keys are remembered this long. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Delay before the client redirects from the /redirect page. */
export const REDIRECT_DELAY_MS = 5_000;
export const DESKTOP_BREAKPOINT_PX = 780;
