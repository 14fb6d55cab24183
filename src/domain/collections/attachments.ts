// Attachments on orders and ledger movements (docs/decisions/043): photos and PDFs, several per
// record, served only with a file token of someone who may see the record.

import { file } from './fields';

/** The kinds of file an attachment may be: photos from a phone's camera or files, and PDFs. */
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/pdf'] as const;

/** Most files on one record. */
export const MAX_ATTACHMENTS = 10;

/** Bytes per file at most: a phone's photo is shrunk well below it before upload; a scanned PDF fits. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export const attachments = file({
  label: 'Attachments',
  noun: 'attachment',
  settable: 'always',
  maxSelect: MAX_ATTACHMENTS,
  maxSize: MAX_ATTACHMENT_BYTES,
  mimeTypes: ATTACHMENT_TYPES,
  protected: true,
  thumbs: ['100x100'],
  filter: false,
});
