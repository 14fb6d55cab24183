import type { MailMessage } from './mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function compose(to: string, subject: string, greeting: string, lines: string[], action: string, link: string): MailMessage {
  const text = [greeting, '', ...lines, '', link, '', 'If you did not ask for this, you can ignore this email.', '', 'Trolleyboard'].join(
    '\n',
  );
  const html = `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>Or copy this address into your browser: ${escapeHtml(link)}</p><p>If you did not ask for this, you can ignore this email.</p><p>Trolleyboard</p>`;
  return { to, subject, text, html, link };
}

export function verificationMail(appUrl: string, to: string, username: string, token: string): MailMessage {
  const link = `${appUrl}/auth/confirm-verification/${token}`;
  return compose(
    to,
    'Verify your Trolleyboard email',
    `Hello ${username},`,
    ['Please confirm your email address to start using Trolleyboard. Open this link:'],
    'Verify my email',
    link,
  );
}

export function passwordResetMail(appUrl: string, to: string, username: string, token: string): MailMessage {
  const link = `${appUrl}/auth/confirm-password-reset/${token}`;
  return compose(
    to,
    'Reset your Trolleyboard password',
    `Hello ${username},`,
    ['Someone asked to reset the password of your Trolleyboard account. Open this link within an hour to choose a new one:'],
    'Reset my password',
    link,
  );
}
