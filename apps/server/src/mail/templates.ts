import type { OutgoingMail } from './mail';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface ActionMail {
  to: string;
  appName: string;
  subject: string;
  greeting: string;
  lines: string[];
  action?: { label: string; url: string };
  footer?: string;
}

/** One layout for every transactional mail: text and HTML parts with the same content. */
function actionMail(m: ActionMail): OutgoingMail {
  const text = [
    m.greeting,
    '',
    ...m.lines,
    ...(m.action ? ['', `${m.action.label}: ${m.action.url}`] : []),
    ...(m.footer ? ['', m.footer] : []),
    '',
    `— ${m.appName}`,
  ].join('\n');
  const button = m.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(m.action.url)}" style="background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(m.action.label)}</a></p>
<p style="color:#666;font-size:13px">${escapeHtml(m.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<p>${escapeHtml(m.greeting)}</p>
${m.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${button}
${m.footer ? `<p style="color:#666;font-size:13px">${escapeHtml(m.footer)}</p>` : ''}
<p style="color:#666">— ${escapeHtml(m.appName)}</p>
</body></html>`;
  return { to: m.to, subject: m.subject, text, html };
}

export function verifyEmailMail(p: {
  to: string;
  name: string;
  url: string;
  appName: string;
  hours: number;
}) {
  return actionMail({
    to: p.to,
    appName: p.appName,
    subject: `Verify your email address for ${p.appName}`,
    greeting: `Hello ${p.name},`,
    lines: [
      `Please confirm that ${p.to} is your email address to finish setting up your ${p.appName} account.`,
    ],
    action: { label: 'Verify email address', url: p.url },
    footer: `The link works once and expires in ${p.hours} hours. If you did not create an account, ignore this mail.`,
  });
}

export function passwordResetMail(p: {
  to: string;
  name: string;
  url: string;
  appName: string;
  hours: number;
}) {
  return actionMail({
    to: p.to,
    appName: p.appName,
    subject: `Reset your ${p.appName} password`,
    greeting: `Hello ${p.name},`,
    lines: ['We received a request to reset the password of your account.'],
    action: { label: 'Reset password', url: p.url },
    footer: `The link works once and expires in ${p.hours} hours. If you did not ask for it, ignore this mail: your password stays as it is.`,
  });
}

export function changeEmailMail(p: {
  to: string;
  name: string;
  url: string;
  appName: string;
  hours: number;
}) {
  return actionMail({
    to: p.to,
    appName: p.appName,
    subject: `Confirm your new email address for ${p.appName}`,
    greeting: `Hello ${p.name},`,
    lines: [`Please confirm that you want to use ${p.to} for your ${p.appName} account.`],
    action: { label: 'Confirm new email address', url: p.url },
    footer: `The link works once and expires in ${p.hours} hours.`,
  });
}

export function passwordChangedMail(p: { to: string; name: string; appName: string }) {
  return actionMail({
    to: p.to,
    appName: p.appName,
    subject: `Your ${p.appName} password was changed`,
    greeting: `Hello ${p.name},`,
    lines: [
      'The password of your account was just changed and every other session was signed out.',
      'If this was not you, reset your password at once.',
    ],
  });
}

export function invitationMail(p: {
  to: string;
  inviterName: string | null;
  teamName: string;
  url: string;
  appName: string;
  days: number;
}) {
  const who = p.inviterName ?? 'A colleague';
  return actionMail({
    to: p.to,
    appName: p.appName,
    subject: `${who} invited you to ${p.teamName} on ${p.appName}`,
    greeting: 'Hello,',
    lines: [`${who} invited you to join the workspace ${p.teamName} on ${p.appName}.`],
    action: { label: `Join ${p.teamName}`, url: p.url },
    footer: `The link expires in ${p.days} days. If you did not expect this invitation, ignore this mail.`,
  });
}
