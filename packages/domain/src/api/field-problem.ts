/**
 * R-ENTITY-30: one refused field of a 400 answer (its `data` is a list of them): the field's path
 * as the request named it (`schedules.0.primaryProduct.quantity`) and why.
 */
import { z } from 'zod';

export const fieldProblemSchema = z.object({ field: z.string(), reason: z.string() });
export type FieldProblem = z.infer<typeof fieldProblemSchema>;
