/**
 * What the e-mail of a scheduled report says, and what its job tells the schedule's owner, in the
 * run's language (issue 25, item 4): the job's title, its step and outcome, and the e-mail's
 * text. English is as the job has always written it.
 */
import { counted } from '@dispatch/domain/users/user-language';
import type { JobLanguage } from '../../jobs/job-language';

type DeliveryTexts = {
  /** "E-mail: Ticket register, 27 Nov 2026 (Morning tickets)". */
  title(reportTitle: string): string;
  sending(addresses: number): string;
  /** The e-mail's last line: which schedule sent it, and the files' kinds when several. */
  sentBy(scheduleName: string, extensions: readonly string[]): string;
  emailed(accepted: number, addresses: number, refused: readonly string[]): string;
  reportGone(reportJobId: number): string;
};

const en: DeliveryTexts = {
  title: (reportTitle) => `E-mail: ${reportTitle}`,
  sending: (addresses) => `Sending to ${addresses} addresses`,
  sentBy: (name, extensions) =>
    `Sent by the report schedule "${name}". The report is attached${
      extensions.length > 1 ? ` as ${extensions.join(', ')}` : ''
    }.`,
  emailed: (accepted, addresses, refused) =>
    `E-mailed to ${accepted} of ${addresses} addresses${
      refused.length ? `; refused: ${refused.join(', ')}` : ''
    }.`,
  reportGone: (id) => `Report job ${id} no longer exists.`,
};

const es: DeliveryTexts = {
  title: (reportTitle) => `Correo: ${reportTitle}`,
  sending: (addresses) => `Enviando a ${counted(addresses, ['dirección', 'direcciones'])}`,
  sentBy: (name, extensions) =>
    `Enviado por la programación de reporte "${name}". El reporte va adjunto${
      extensions.length > 1 ? ` como ${extensions.join(', ')}` : ''
    }.`,
  emailed: (accepted, addresses, refused) =>
    `Enviado por correo a ${accepted} de ${counted(addresses, ['dirección', 'direcciones'])}${
      refused.length ? `; rechazadas: ${refused.join(', ')}` : ''
    }.`,
  reportGone: (id) => `El reporte ${id} ya no existe.`,
};

export const reportDeliveryTexts: Record<JobLanguage, DeliveryTexts> = { en, es };
