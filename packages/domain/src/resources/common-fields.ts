/** Field groups several resources share. */
import { text, type Field } from './field';

/** address1 to address7, the classic layout of every address block (R-ENTITY-42). */
export function addressLines(section = 'main', prefix = 'address'): Record<string, Field> {
  return Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7].map((line) => [
      `${prefix}${line}`,
      text({ label: `Address line ${line}`, max: 100, section, list: line === 1 }),
    ]),
  );
}
