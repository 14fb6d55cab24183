// Reads the raw messages the e2e SMTP server stores: enough MIME for what nodemailer sends
// (multipart, quoted-printable, base64, encoded-word subjects), no more.

export interface ParsedMail {
  /** Envelope recipients (lower-case), falling back to the To: header. */
  to: string[];
  subject: string;
  /** The plain-text body, or the HTML body without tags when there is no plain part. */
  text: string;
  html: string;
  /** Every http(s) link in the text and HTML bodies, in order, without duplicates. */
  links: string[];
  /** The files attached (any part that is neither the text nor the HTML body). */
  attachments: MailFile[];
}

export interface MailFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

type Headers = Map<string, string>;

function splitHeadAndBody(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function parseHeaders(head: string): Headers {
  const headers: Headers = new Map();
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBytes(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function decodeQuotedPrintable(text: string, underscoreIsSpace = false): Buffer {
  const withoutSoftBreaks = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < withoutSoftBreaks.length; i++) {
    const char = withoutSoftBreaks[i] as string;
    const hex = withoutSoftBreaks.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (char === '_' && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words, as in `Subject: =?UTF-8?Q?Verify_your_e-mail?=`. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_all, charset: string, encoding: string, data: string) =>
      decodeBytes(encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data, true), charset),
    );
}

function parseContentType(value: string | undefined): { type: string; params: Map<string, string> } {
  const [type = 'text/plain', ...rest] = (value ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    params.set(
      param.slice(0, eq).trim().toLowerCase(),
      param
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return { type: type.trim().toLowerCase(), params };
}

function collectParts(headers: Headers, body: string, into: { text: string[]; html: string[]; files: MailFile[] }): void {
  const { type, params } = parseContentType(headers.get('content-type'));
  const boundary = params.get('boundary');
  if (type.startsWith('multipart/') && boundary) {
    const sections = body.split(new RegExp(`^--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?$`, 'm'));
    // sections[0] is the preamble and the last one the epilogue.
    for (const section of sections.slice(1, -1)) {
      const part = splitHeadAndBody(section.replace(/^\r?\n/, ''));
      collectParts(parseHeaders(part.head), part.body, into);
    }
    return;
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const disposition = parseContentType(headers.get('content-disposition'));
  if (disposition.type === 'attachment' || (type !== 'text/plain' && type !== 'text/html')) {
    const content =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(body)
          : Buffer.from(body, 'utf8');
    const filename = decodeEncodedWords(disposition.params.get('filename') ?? params.get('name') ?? '');
    into.files.push({ filename, contentType: type, content });
    return;
  }
  const charset = params.get('charset') ?? 'utf-8';
  let decoded: string;
  if (encoding === 'base64') decoded = decodeBytes(Buffer.from(body.replace(/\s+/g, ''), 'base64'), charset);
  else if (encoding === 'quoted-printable') decoded = decodeBytes(decodeQuotedPrintable(body), charset);
  else decoded = body;
  (type === 'text/html' ? into.html : into.text).push(decoded.replace(/\r\n/g, '\n').trimEnd());
}

function decodeHtmlEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_all, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_all, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

function extractLinks(text: string, html: string): string[] {
  const links: string[] = [];
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'()[\]]+/g)) links.push(match[0].replace(/[.,;:!?]+$/, ''));
  for (const match of html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)) {
    const href = decodeHtmlEntities(match[1] ?? '');
    if (/^https?:\/\//.test(href)) links.push(href);
  }
  return [...new Set(links)];
}

export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHeadAndBody(raw);
  const headers = parseHeaders(head);
  const parts = { text: [] as string[], html: [] as string[], files: [] as MailFile[] };
  collectParts(headers, body, parts);
  const html = parts.html.join('\n');
  const text =
    parts.text.length > 0
      ? parts.text.join('\n')
      : decodeHtmlEntities(html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, '').replace(/<[^>]+>/g, ' '))
          .replace(/[ \t]+/g, ' ')
          .trim();
  const addressLine = headers.get('x-envelope-to') ?? headers.get('to') ?? '';
  const to = [...addressLine.matchAll(/[^\s<>,;"]+@[^\s<>,;"]+/g)].map((m) => m[0].toLowerCase());
  return {
    to,
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text,
    html,
    links: extractLinks(text, html),
    attachments: parts.files,
  };
}
