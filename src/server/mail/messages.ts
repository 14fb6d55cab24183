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

/**
 * To the address a yard account (one without an address) asked to add (docs/decisions/056): the
 * link proves the address is theirs; the page it opens asks for the account's password.
 */
export function emailChangeMail(appUrl: string, to: string, username: string, token: string): MailMessage {
  const link = `${appUrl}/auth/confirm-email-change/${token}`;
  return compose(
    to,
    'Add this email to your Trolleyboard account',
    `Hello ${username},`,
    [
      `You asked to add this email address to your Trolleyboard account ${username}. Open this link and enter your password to confirm. If it was not you, ignore this mail: nothing changes.`,
    ],
    'Add my email',
    link,
  );
}

/**
 * To the owner of an address someone tried to sign up with (docs/decisions/018): the sign-up was
 * answered as if it had worked, so that nobody learns from the answer who has an account; the
 * owner learns what happened and how to get in.
 */
export function signUpAttemptMail(appUrl: string, to: string, username: string): MailMessage {
  return compose(
    to,
    'Someone tried to sign up to Trolleyboard with your email',
    `Hello ${username},`,
    [
      'Someone just tried to create a new Trolleyboard account with this email address. It already has an account, so no new one was made.',
      `If that was you: sign in with your username (${username}) or this email address. If you have forgotten your password, choose "Forgot password?" on the sign-in page to get a link for a new one.`,
    ],
    'Sign in to Trolleyboard',
    `${appUrl}/login`,
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

export interface InvitationMailParts {
  nurseryName: string;
  /** Who invited them, as teammates see that person (display name, else username). */
  invitedBy: string;
  /** The role's word (Admin, Office, Staff, Viewer). */
  role: string;
  token: string;
  /** When the link stops working. */
  expires: Date;
}

/** The date a link stops working, as the nursery reads it (UK time): "Monday 9 March". */
function ukDay(date: Date): string {
  return date.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/London' });
}

/** An admin's invitation to join their nursery (docs/decisions/035): the link signs up or, signed in, accepts. */
export function invitationMail(appUrl: string, to: string, parts: InvitationMailParts): MailMessage {
  const link = `${appUrl}/invite/${parts.token}`;
  return compose(
    to,
    `${parts.invitedBy} invited you to ${parts.nurseryName} on Trolleyboard`,
    'Hello,',
    [
      `${parts.invitedBy} invited you to join ${parts.nurseryName} on Trolleyboard, the nursery's order board, as ${parts.role}.`,
      `Open this link to create your account (or, if you already have one, to join with it). It works once, until ${ukDay(parts.expires)}:`,
    ],
    `Join ${parts.nurseryName}`,
    link,
  );
}
