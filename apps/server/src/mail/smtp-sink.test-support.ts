/**
 * A local SMTP server for tests (R-RSCHED-10, R-TRACK-10): it takes every message (optionally
 * refusing the first few with a temporary failure, as a busy server does), checks the login from
 * SMTP_URL, and keeps each message with its text, HTML and attachments decoded (parts nested in
 * multipart/alternative included), so a test reads what a recipient would get.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SunkAttachment = { filename: string; contentType: string; content: Buffer };
export type SunkMail = {
  from: string;
  to: string[];
  subject: string;
  user: string | undefined;
  attachments: SunkAttachment[];
  /** The message's text as its reader sees it (decoded from quoted-printable or base64). */
  text: string;
  /** Its HTML version, decoded the same way; '' when it has none. */
  html: string;
  raw: string;
};

export type SmtpSink = {
  port: number;
  url: string;
  mails: SunkMail[];
  /** Temporary failures (451) to answer before accepting again. */
  refuseNext(count: number): void;
  refused(): number;
  close(): Promise<void>;
};

type Part = { headers: Map<string, string>; body: string };

function parsePart(text: string): Part {
  const split = text.search(/\r?\n\r?\n/);
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** A header parameter, including RFC 2231 continuations (filename*0*=utf-8''a; filename*1*=b). */
function parameter(header: string, name: string): string | undefined {
  const plain = new RegExp(`(?:^|;)\\s*${name}="?([^";]*)"?`, 'i').exec(header);
  if (plain) return plain[1];
  const pieces = [...header.matchAll(new RegExp(`${name}\\*(\\d+)\\*?="?([^";]*)"?`, 'gi'))]
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map((match) => match[2]!);
  if (pieces.length === 0) return undefined;
  return decodeURIComponent(pieces.join('').replace(/^utf-8''/i, ''));
}

/** The leaf parts of a message: a multipart part (text beside HTML) is opened in turn. */
function leavesOf(part: Part): Part[] {
  const boundary = parameter(part.headers.get('content-type') ?? '', 'boundary');
  if (!boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leavesOf(parsePart(chunk.replace(/^\r?\n/, ''))));
}

function partsOf(raw: string): Part[] {
  return leavesOf(parsePart(raw));
}

/** The text part of a type, decoded: non-ASCII text travels quoted-printable or base64. */
function textOf(raw: string, type = 'text/plain'): string {
  const part = partsOf(raw).find(
    (each) =>
      !/attachment/i.test(each.headers.get('content-disposition') ?? '') &&
      new RegExp(`^${type}`, 'i').test(each.headers.get('content-type') ?? 'text/plain'),
  );
  if (!part) return '';
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return part.body;
  const bytes = part.body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function attachmentsOf(raw: string): SunkAttachment[] {
  return partsOf(raw)
    .filter((part) => /attachment/i.test(part.headers.get('content-disposition') ?? ''))
    .map((part) => ({
      filename: parameter(part.headers.get('content-disposition') ?? '', 'filename') ?? '',
      contentType: (part.headers.get('content-type') ?? '').split(';')[0]!.trim(),
      content:
        part.headers.get('content-transfer-encoding')?.toLowerCase() === 'base64'
          ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
          : Buffer.from(part.body),
    }));
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  let toRefuse = 0;
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'reports' && auth.password === 'secret') {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          refusals += 1;
          const failure = new Error('Mailbox busy, try again later') as Error & {
            responseCode: number;
          };
          failure.responseCode = 451;
          callback(failure);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = parsePart(raw).headers;
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          subject: headers.get('subject') ?? '',
          user: typeof session.user === 'string' ? session.user : undefined,
          attachments: attachmentsOf(raw),
          text: textOf(raw),
          html: textOf(raw, 'text/html'),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://reports:secret@127.0.0.1:${port}`,
    mails,
    refuseNext(count) {
      toRefuse = count;
    },
    refused: () => refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
