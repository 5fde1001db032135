/**
 * The natural-language query's API contract (R-NLQ-1..10): a question asked, a typed query run
 * (the screen's edited parts), and the answer both give. One shape for server and screen.
 */
import { z } from 'zod';
import { nlqDimensionKeys, nlqMeasureKeys } from './nlq-catalogue';
import { nlqQuerySchema } from './nlq-query';

export const nlqQuestionMaxLength = 300;

/** `POST /api/v1/nlq/ask`. */
export const nlqAskBodySchema = z.strictObject({
  question: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(nlqQuestionMaxLength, `must be at most ${nlqQuestionMaxLength} characters`),
});
export type NlqAskBody = z.input<typeof nlqAskBodySchema>;

/** `POST /api/v1/nlq/run`: a typed query as the screen's editable parts left it. */
export const nlqRunBodySchema = z.strictObject({ query: nlqQuerySchema });
export type NlqRunBody = z.input<typeof nlqRunBodySchema>;

export const nlqColumnSchema = z.object({
  /** A dimension's or the measure's key; the screen names it in the user's language. */
  key: z.string(),
  role: z.enum(['dimension', 'measure']),
  dimension: z.enum(nlqDimensionKeys).optional(),
  measure: z.enum(nlqMeasureKeys).optional(),
});
export type NlqColumn = z.infer<typeof nlqColumnSchema>;

export const nlqCellSchema = z.union([z.string(), z.number(), z.null()]);
export type NlqCell = z.infer<typeof nlqCellSchema>;

export const nlqAnswerSchema = z.object({
  columns: z.array(nlqColumnSchema),
  rows: z.array(z.array(nlqCellSchema)),
  /** More rows matched than the query's limit (R-NLQ-5). */
  truncated: z.boolean(),
  /** The chart that fits: a line over periods, bars over names, none otherwise. */
  chart: z.enum(['bar', 'line']).nullable(),
});
export type NlqAnswer = z.infer<typeof nlqAnswerSchema>;

/** What a question or a run gives back: the interpretation, and the answer when it ran. */
export const nlqResultSchema = z.object({
  question: z.string().nullable(),
  understood: z.boolean(),
  /** Who read the question: the parser, the optional model, or the user's own edits. */
  source: z.enum(['parser', 'model', 'edited']),
  query: nlqQuerySchema.nullable(),
  reason: z.enum(['nothingToMeasure', 'unknownName']).nullable(),
  ignored: z.array(z.string()),
  unknown: z.array(z.string()),
  suggestions: z.array(z.string()),
  answer: nlqAnswerSchema.nullable(),
});
export type NlqResult = z.infer<typeof nlqResultSchema>;

/** Questions the screen offers to click, in the language of the screen (R-NLQ-9). */
export const nlqExampleQuestions = {
  en: [
    'yards of concrete North Yard delivered last week',
    'top 10 customers by tons this month',
    'trucks out of service now',
    'orders on hold',
    'loads by plant today',
    'yards by day this week',
    'sales by product this month',
    'trucks by status',
  ],
  es: [
    'yardas de hormigón de North Yard la semana pasada',
    'los 10 mejores clientes por toneladas este mes',
    'camiones fuera de servicio ahora',
    'pedidos retenidos',
    'cargas por planta hoy',
    'yardas por día esta semana',
    'ventas por producto este mes',
    'camiones por estado',
  ],
} as const;
