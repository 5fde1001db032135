/**
 * What the credit letters job tells its owner, in their language (issue 25, item 4): its title,
 * its steps, how many letters it made and why it made none. English is as the job has always
 * written it. The letters themselves are in their template's language (letter-document.ts).
 */
import { counted } from '@dispatch/domain/users/user-language';
import type { JobLanguage } from '../../jobs/job-language';

type LettersTexts = {
  /** "Friendly reminder: 3 customers". */
  title(templateName: string, customers: number): string;
  reading: string;
  writing(letter: number, of: number): string;
  pdf: string;
  made(letters: number, templateName: string, missing: number): string;
  templateGone(templateId: number): string;
  templateInactive(templateName: string): string;
  noCustomers: string;
};

const en: LettersTexts = {
  title: (name, customers) => `${name}: ${counted(customers, ['customer', 'customers'])}`,
  reading: 'Reading the customers’ accounts',
  writing: (letter, of) => `Writing letter ${letter} of ${of}`,
  pdf: 'Making the PDF',
  made: (letters, name, missing) =>
    `${counted(letters, ['letter', 'letters'])}: ${name}` +
    (missing > 0 ? ` (${missing} customers no longer exist)` : ''),
  templateGone: (id) => `Letter template ${id} no longer exists.`,
  templateInactive: (name) => `The letter template “${name}” was deactivated; choose another.`,
  noCustomers: 'None of the chosen customers exists any more.',
};

const es: LettersTexts = {
  title: (name, customers) => `${name}: ${counted(customers, ['cliente', 'clientes'])}`,
  reading: 'Leyendo las cuentas de los clientes',
  writing: (letter, of) => `Escribiendo la carta ${letter} de ${of}`,
  pdf: 'Generando el PDF',
  made: (letters, name, missing) =>
    `${counted(letters, ['carta', 'cartas'])}: ${name}` +
    (missing > 0
      ? ` (${counted(missing, ['cliente ya no existe', 'clientes ya no existen'])})`
      : ''),
  templateGone: (id) => `La carta modelo ${id} ya no existe.`,
  templateInactive: (name) => `La carta modelo “${name}” se desactivó; elija otra.`,
  noCustomers: 'Ya no existe ninguno de los clientes elegidos.',
};

export const creditLettersTexts: Record<JobLanguage, LettersTexts> = { en, es };
