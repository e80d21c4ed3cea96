import { DEFAULT_LOCALE, LOCALES, type Locale, RTL_LANGUAGES } from '@strata/domain/constants';
import { NOTIFICATION_MAIL_TEXTS } from '../../mail/notification-mail';
import { escapeHtml } from '../../mail/templates';

export type UnsubscribePage = string;

/** The person's language when the link is good; else the best of the browser's (Accept-Language). */
function pickLocale(locale: string | undefined, acceptLanguage: string | undefined): Locale {
  const known = LOCALES as readonly string[];
  if (locale && known.includes(locale)) return locale as Locale;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const exact = LOCALES.find((candidate) => candidate.toLowerCase() === tag);
    const language = LOCALES.find((candidate) => candidate.split('-')[0] === tag.split('-')[0]);
    if (exact ?? language) return (exact ?? language)!;
  }
  return DEFAULT_LOCALE;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * The small page of the unsubscribe link, in the person's language, right to left for Arabic and
 * following the system's light or dark scheme: a confirmation with its button, the done message,
 * or why the link did nothing.
 */
export function unsubscribePage(p: {
  state: 'confirm' | 'done' | 'invalid' | 'expired';
  appName: string;
  settingsUrl: string;
  locale?: string;
  acceptLanguage?: string;
  /** Where the confirmation's button posts (the link itself). */
  action?: string;
}): UnsubscribePage {
  const locale = pickLocale(p.locale, p.acceptLanguage);
  const texts = NOTIFICATION_MAIL_TEXTS[locale].unsubscribe;
  const dir = (RTL_LANGUAGES as readonly string[]).includes(locale.split('-')[0]!) ? 'rtl' : 'ltr';
  const values = { appName: p.appName };
  const message = {
    confirm: fill(texts.confirm, values),
    done: fill(texts.done, values),
    invalid: texts.invalid,
    expired: texts.expired,
  }[p.state];
  const form =
    p.state === 'confirm' && p.action
      ? `<form method="post" action="${escapeHtml(p.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(texts.button)}</button></form>`
      : '';
  return `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(texts.title)} · ${escapeHtml(p.appName)}</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; padding: 48px 16px; background: Canvas; color: CanvasText; }
main { max-inline-size: 480px; margin-inline: auto; text-align: start; line-height: 1.5; }
h1 { font-size: 1.25rem; margin-block: 0 16px; }
p { margin-block: 0 16px; }
.note { opacity: 0.75; font-size: 0.9rem; }
button { font: inherit; padding-block: 10px; padding-inline: 18px; border-radius: 6px; border: 0; background: #4f46e5; color: #fff; cursor: pointer; }
a { color: LinkText; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(texts.title)}</h1>
<p role="${p.state === 'invalid' || p.state === 'expired' ? 'alert' : 'status'}">${escapeHtml(message)}</p>
${form}
${p.state === 'confirm' || p.state === 'done' ? `<p class="note">${escapeHtml(texts.explain)}</p>` : ''}
<p><a href="${escapeHtml(p.settingsUrl)}">${escapeHtml(texts.settings)}</a></p>
</main>
</body>
</html>`;
}
