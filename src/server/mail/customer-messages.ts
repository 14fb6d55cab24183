import { CUSTOMER_MAIL_KIND_TABLE, type CustomerMailKind } from '#domain/customers/customer-mail';
import type { Balance } from '#domain/ledger/balance';
import { countsInWords } from '#domain/ledger/count-words';
import { longDate } from '#domain/ledger/iso-dates';
import type { MailAttachment, MailMessage } from './mailer';

// The words of customer mail (docs/decisions/077). Every mail names the nursery that sent it, says
// why the address receives it, and carries the one-click stop of its kind, in the text, in the
// HTML and in the List-Unsubscribe headers (RFC 8058) that mail programs show as a button.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Who a customer mail is to and from, and where its stop link points. */
export interface CustomerMailParts {
  to: string;
  nurseryName: string;
  customerName: string;
  kind: CustomerMailKind;
  stopUrl: string;
  /** The customer's balance link, when the balance links give one (docs/decisions/078). */
  balanceLink: string | null;
}

function compose(parts: CustomerMailParts, subject: string, lines: string[]): MailMessage {
  const plural = CUSTOMER_MAIL_KIND_TABLE[parts.kind].plural;
  const balance = parts.balanceLink === null ? [] : ['What you hold of ours, and your deliveries, at any time:', parts.balanceLink];
  const why = `${parts.nurseryName} sends you ${plural} for ${parts.customerName} through Trolleyboard because they entered this address for them.`;
  const stop = `To get no more ${plural} from ${parts.nurseryName}, open: ${parts.stopUrl}`;
  const text = [
    `Hello ${parts.customerName},`,
    '',
    ...lines,
    '',
    ...(balance.length ? [...balance, ''] : []),
    parts.nurseryName,
    '',
    '--',
    why,
    stop,
  ].join('\n');
  const balanceHtml =
    parts.balanceLink === null
      ? ''
      : `<p><a href="${escapeHtml(parts.balanceLink)}">See what you hold of ours, and your deliveries</a></p>`;
  const html =
    `<p>Hello ${escapeHtml(parts.customerName)},</p>` +
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    balanceHtml +
    `<p>${escapeHtml(parts.nurseryName)}</p><hr><p style="color:#555;font-size:small">${escapeHtml(why)} ` +
    `<a href="${escapeHtml(parts.stopUrl)}">Stop ${escapeHtml(plural)} from ${escapeHtml(parts.nurseryName)}</a></p>`;
  return {
    to: parts.to,
    subject,
    text,
    html,
    link: parts.stopUrl,
    headers: { 'List-Unsubscribe': `<${parts.stopUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** "3 trolleys, 1 shelf", or "nothing counted" when every count is zero. */
function countsOrNothing(counts: Balance): string {
  return countsInWords(counts) || 'no trolleys, shelves or extensions';
}

/** When a run is dispatched: "on its way today", with what is coming to this customer. */
export function onItsWayMail(parts: CustomerMailParts, delivery: { date: string; coming: Balance }): MailMessage {
  const day = delivery.date === '' ? 'today' : `today, ${longDate(delivery.date)}`;
  return compose(parts, `Your delivery from ${parts.nurseryName} is on its way today`, [
    `Your delivery from ${parts.nurseryName} left the nursery and is on its way to you ${day}.`,
    `Coming to you: ${countsOrNothing(delivery.coming)}.`,
  ]);
}

/** What one drop's delivery note says (the same content as the printed delivery note). */
export interface DeliveryNoteText {
  runName: string;
  /** The run's day, yyyy-mm-dd ('' when it has none). */
  date: string;
  left: Balance;
  back: Balance;
  receivedBy: string;
  /** "10:42 on Tue 24 Nov 2026", UK time. */
  recordedAt: string;
}

/**
 * When a drop is recorded as delivered: the delivery note as text, and as the office's PDF when
 * it could be drawn (docs/decisions/080): the text says so only when the file is there.
 */
export function deliveredMail(parts: CustomerMailParts, note: DeliveryNoteText, pdf: MailAttachment | null): MailMessage {
  const message = compose(parts, `Delivery note: your delivery from ${parts.nurseryName}`, [
    `Your delivery from ${parts.nurseryName} was delivered at ${note.recordedAt}${note.receivedBy === '' ? '' : `, received by ${note.receivedBy}`}.`,
    `Delivery note — ${note.runName}${note.date === '' ? '' : `, ${longDate(note.date)}`}:`,
    `Left with you: ${countsOrNothing(note.left)}.`,
    `Taken back: ${countsOrNothing(note.back)}.`,
    ...(pdf ? ['The delivery note is attached as a PDF.'] : []),
  ]);
  return pdf ? { ...message, attachments: [pdf] } : message;
}

/** The office mails a customer's statement for a period, the PDF attached (docs/decisions/080). */
export function statementMail(
  parts: CustomerMailParts,
  statement: { from: string; to: string; closing: string },
  pdf: MailAttachment,
): MailMessage {
  const message = compose(parts, `Trolley statement from ${parts.nurseryName}: ${longDate(statement.from)} to ${longDate(statement.to)}`, [
    `Your trolley statement from ${parts.nurseryName} for ${longDate(statement.from)} to ${longDate(statement.to)} is attached as a PDF.`,
    `At the end of the period: ${statement.closing}.`,
    'If our figures look wrong to you, tell us.',
  ]);
  return { ...message, attachments: [pdf] };
}

/** The balance reminder: what the customer holds of the nursery's, and since when. */
export function reminderMail(parts: CustomerMailParts, held: { counts: Balance; since: string }): MailMessage {
  return compose(parts, `Trolleys of ${parts.nurseryName} you hold`, [
    `Our records say you hold ${countsOrNothing(held.counts)} of ${parts.nurseryName}'s, since ${longDate(held.since)}.`,
    'Please have them ready for our driver, or bring them back. If our figures look wrong to you, tell us.',
  ]);
}
