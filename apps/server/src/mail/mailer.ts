/**
 * E-mail through the configured SMTP server (R-RSCHED-10, R-TRACK-10): `SMTP_URL` names it,
 * `SMTP_FROM` signs it. Scheduled reports and the order notices send through it. A refusal or an
 * unreachable server throws, so the job that sends is tried again.
 */
import nodemailer from 'nodemailer';
import type { Env } from '../env';

export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type Mail = {
  to: readonly string[];
  subject: string;
  /** The plain-text version every mail carries (and the only one of a report's). */
  text: string;
  /** An HTML version beside the text, when the mail has one (R-TRACK-10's notices). */
  html?: string | undefined;
  attachments: MailAttachment[];
};

export type MailOutcome = { accepted: string[]; rejected: string[] };

/** Whether the installation has an SMTP server at all (the system parameter decides the rest). */
export function smtpConfigured(env: Env): boolean {
  return env.SMTP_URL !== undefined;
}

export async function sendMail(env: Env, mail: Mail): Promise<MailOutcome> {
  if (!env.SMTP_URL) throw new Error('No SMTP server is configured (SMTP_URL).');
  const transport = nodemailer.createTransport({
    url: env.SMTP_URL,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  try {
    const info = await transport.sendMail({
      from: env.SMTP_FROM,
      to: [...mail.to],
      subject: mail.subject,
      text: mail.text,
      ...(mail.html === undefined ? {} : { html: mail.html }),
      attachments: mail.attachments,
    });
    const addresses = (list: unknown[] | undefined) =>
      (list ?? []).map((entry) =>
        typeof entry === 'string' ? entry : (entry as { address: string }).address,
      );
    return { accepted: addresses(info.accepted), rejected: addresses(info.rejected) };
  } finally {
    transport.close();
  }
}
