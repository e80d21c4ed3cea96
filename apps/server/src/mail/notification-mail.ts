import { DEFAULT_LOCALE, LOCALES, type Locale } from '@strata/domain/constants';
import { notificationTextKey } from '@strata/domain/notifications/notification-kinds';
import { notificationPath } from '@strata/domain/notifications/notification-path';
import type { NotificationRow } from '../db/schema/notifications';
import ar from './locales/notification-mail.ar.json';
import de from './locales/notification-mail.de.json';
import enUS from './locales/notification-mail.en-US.json';
import es from './locales/notification-mail.es.json';
import fr from './locales/notification-mail.fr.json';
import it from './locales/notification-mail.it.json';
import ko from './locales/notification-mail.ko.json';
import pl from './locales/notification-mail.pl.json';
import sr from './locales/notification-mail.sr.json';
import tr from './locales/notification-mail.tr.json';
import zh from './locales/notification-mail.zh.json';
import type { OutgoingMail } from './mail';
import { escapeHtml } from './templates';

type Texts = typeof enUS;
export const NOTIFICATION_MAIL_TEXTS: Record<Locale, Texts> = {
  'en-US': enUS,
  ar,
  de,
  es,
  fr,
  it,
  ko,
  pl,
  sr,
  tr,
  zh,
};

export const fillTemplate = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

export const mailTextsOf = (locale: string): Texts =>
  NOTIFICATION_MAIL_TEXTS[
    (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : DEFAULT_LOCALE
  ];

/** What a notification says, in the recipient's language (as the web app's bell says it). */
export function notificationSentence(locale: string, row: NotificationRow): string {
  const texts = mailTextsOf(locale);
  const d = row.data ?? {};
  const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return fillTemplate(texts.types[notificationTextKey(row.notificationType, row.subscribeableType)], {
    name: str(d.created_by_name) ?? texts.someone,
    item: str(d.item_name) ?? texts.anItem,
    board: str(d.board_name) ?? '',
    attribute: str(d.attribute_name) ?? '',
    template: str(d.template_name) ?? '',
    form: str(d.form_name) ?? '',
    reaction: str(d.reaction) ?? '',
    view: str(d.view_name) ?? '',
    usage: typeof d.usage === 'number' ? d.usage : 0,
    limit: typeof d.limit === 'number' ? d.limit : 0,
  });
}

/** Where a notification leads in the web app (the bell's link, notificationPath; opening it marks it read). */
export function notificationUrl(appUrl: string, row: NotificationRow): string {
  return `${appUrl}${notificationPath({
    id: row.id,
    board_id: row.boardId,
    folder_id: row.folderId,
    item_id: row.itemId,
    comment_id: row.commentId,
    subscribeable_type: row.subscribeableType,
    subscribeable_id: row.subscribeableId,
    notification_type: row.notificationType,
  })}`;
}

/**
 * The mail of a person's unread notifications (one, or several as one digest), in their language:
 * each says who did what where, with its excerpt and a link that opens it. Its unsubscribe link
 * is in the footer and in the List-Unsubscribe headers (RFC 2369, one-click RFC 8058).
 */
export function notificationDigestMail(p: {
  to: string;
  name: string;
  locale: string;
  appName: string;
  appUrl: string;
  delayMinutes: number;
  rows: readonly NotificationRow[];
  /** The signed link that turns this person's notification mail off. */
  unsubscribeUrl: string;
}): OutgoingMail {
  const texts = mailTextsOf(p.locale);
  const entries = p.rows.map((row) => ({
    sentence: notificationSentence(p.locale, row),
    body: typeof row.data?.body === 'string' ? row.data.body : null,
    url: notificationUrl(p.appUrl, row),
  }));
  const subject =
    entries.length === 1
      ? fillTemplate(texts.subjectOne, { sentence: entries[0]!.sentence, appName: p.appName })
      : fillTemplate(texts.subjectMany, { count: entries.length, appName: p.appName });
  const greeting = fillTemplate(texts.greeting, { name: p.name });
  const footer = fillTemplate(texts.footer, { minutes: p.delayMinutes });
  const allUrl = `${p.appUrl}/home`;
  const text = [
    greeting,
    '',
    texts.intro,
    '',
    ...entries.flatMap((entry) => [
      `- ${entry.sentence}`,
      ...(entry.body ? [`  ${entry.body}`] : []),
      `  ${texts.open}: ${entry.url}`,
    ]),
    '',
    `${texts.openAll}: ${allUrl}`,
    '',
    footer,
    `${texts.unsubscribe.mailLink}: ${p.unsubscribeUrl}`,
    '',
    `— ${p.appName}`,
  ].join('\n');
  const dir = p.locale === 'ar' ? 'rtl' : 'ltr';
  const items = entries
    .map(
      (entry) => `<li style="margin:0 0 16px">
<a href="${escapeHtml(entry.url)}" style="color:#4338ca;font-weight:600;text-decoration:none">${escapeHtml(entry.sentence)}</a>
${entry.body ? `<div dir="auto" style="color:#4b5563;margin-top:4px">${escapeHtml(entry.body)}</div>` : ''}
</li>`,
    )
    .join('\n');
  const html = `<!doctype html><html dir="${dir}"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(texts.intro)}</p>
<ul style="padding-inline-start:20px">${items}</ul>
<p><a href="${escapeHtml(allUrl)}" style="background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(texts.openAll)}</a></p>
<p style="color:#666;font-size:13px">${escapeHtml(footer)}<br><a href="${escapeHtml(p.unsubscribeUrl)}" style="color:#666">${escapeHtml(texts.unsubscribe.mailLink)}</a></p>
<p style="color:#666">— ${escapeHtml(p.appName)}</p>
</body></html>`;
  const headers = {
    'List-Unsubscribe': `<${p.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  return { to: p.to, subject, text, html, headers };
}
