/** R-ENTITY-32: a named database (LIVE, TRAINING, DEMO, ...) and the server that holds it. */
import { z } from 'zod';
import { optionalText, text, textLength } from './fields';

export const databaseSchema = z.object({
  databaseName: text(textLength.name),
  serverName: optionalText(textLength.name),
});
export type Database = z.infer<typeof databaseSchema>;
