/** R-ENTITY-33: a place a ticket or report can be printed to, e.g. printer 'Dispatch'. */
import { z } from 'zod';
import { text, textLength } from '../api/fields';

export const printDestinationSchema = z.object({
  name: text(textLength.long),
  type: text(textLength.short),
});
export type PrintDestination = z.infer<typeof printDestinationSchema>;

/** The destination as one string: lowercase type, colon, name ('printer:Dispatch'). */
export function prefixedName(destination: PrintDestination): string {
  return `${destination.type.toLowerCase()}:${destination.name}`;
}
