/**
 * R-NLQ-1..10: a question read (parser, then the optional model), its typed query checked against
 * the asker's access, compiled over the whitelisted views and run in a read-only transaction with
 * a statement timeout and a row limit.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { NlqAnswer, NlqCell, NlqResult } from '@dispatch/domain/nlq/nlq-api';
import {
  isNlqListing,
  isPeriod,
  nlqMeasures,
  type NlqDimension,
} from '@dispatch/domain/nlq/nlq-catalogue';
import { parseNlqQuestion } from '@dispatch/domain/nlq/nlq-parser';
import type { NlqQuery } from '@dispatch/domain/nlq/nlq-query';
import { orderStatuses } from '@dispatch/domain/orders/order-status';
import { systemTypes } from '@dispatch/domain/system-types';
import { truckStatuses } from '@dispatch/domain/trucks/truck-status';
import type { AuthContext } from '../../auth/session-store';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/api-error';
import { businessDayOf, startOfBusinessDay } from '../tickets/tickets.service';
import { checkNlqAccess } from './nlq-access';
import { compileNlqQuery, NlqRefusal } from './nlq-compiler';
import { proposeNlqQuery, type NlqModelConfig } from './nlq-model';
import { nlqVocabularyOf } from './nlq-names.service';

/** R-NLQ-5: the longest a question's statement may run. */
export const nlqStatementTimeoutMs = 5_000;

export type NlqContext = {
  readonly auth: AuthContext;
  readonly now: Date;
  readonly model: NlqModelConfig;
  readonly log: (message: string) => void;
  /** Tests shorten it; the route uses nlqStatementTimeoutMs. */
  readonly timeoutMs?: number;
};

const codeKeys: Partial<Record<NlqDimension, ReadonlyMap<number, string>>> = {
  orderStatus: new Map(orderStatuses.map((status) => [status.id, status.key])),
  truckStatus: new Map(truckStatuses.map((status) => [status.id, status.key])),
  systemType: new Map(systemTypes.map((type) => [type.id, type.key])),
};

function cell(dimension: NlqDimension, value: unknown): NlqCell {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const codes = codeKeys[dimension];
  if (codes) return codes.get(Number(value)) ?? String(value);
  return String(value);
}

function chartOf(query: NlqQuery, rows: number): NlqAnswer['chart'] {
  const [first] = query.dimensions;
  if (!first || query.dimensions.length > 1 || rows < 2) return null;
  if (isPeriod(first)) return 'line';
  // A list of orders or trucks, one each, is a table, not a chart.
  return isNlqListing(query.view, query.dimensions) ? null : 'bar';
}

/**
 * R-NLQ-5: one statement in a read-only transaction with its own statement timeout (PostgreSQL
 * cancels it; PGlite, one process without timers, runs it to the end, bounded by the row limit).
 * A statement that takes too long is refused as a question too broad (400).
 */
export async function readOnlyRows(
  db: Db,
  statement: SQL,
  timeoutMs: number,
): Promise<Record<string, unknown>[]> {
  const milliseconds = Math.max(1, Math.round(timeoutMs));
  try {
    return await db.transaction(
      async (tx) => {
        await tx.execute(sql.raw(`set local statement_timeout = ${milliseconds}`));
        return (await tx.execute<Record<string, unknown>>(statement)).rows;
      },
      { accessMode: 'read only' },
    );
  } catch (error) {
    const failure = error as { code?: string; cause?: { code?: string } };
    if ((failure.code ?? failure.cause?.code) === '57014') {
      throw new ApiError(
        'validation',
        `The question took longer than ${milliseconds / 1000} seconds to answer: narrow it (a shorter date range, a plant or a customer).`,
        { code: 'nlq_timeout', data: [{ field: 'query', reason: 'took too long to answer' }] },
      );
    }
    throw error;
  }
}

/**
 * A checked typed query's answer, under the asker's access. Runs read-only, with the statement
 * timeout set for its transaction only; a statement that takes longer is refused (400).
 */
export async function runNlqQuery(
  db: Db,
  query: NlqQuery,
  context: NlqContext,
): Promise<NlqAnswer> {
  const access = checkNlqAccess(context.auth, query.view, query.measure);
  const compiled = (() => {
    try {
      return compileNlqQuery(query, {
        systemTypeIds: access.systemTypeIds,
        offsetMinutes: -context.now.getTimezoneOffset(),
        startOfDay: startOfBusinessDay,
      });
    } catch (error) {
      if (error instanceof NlqRefusal) {
        throw new ApiError('validation', error.message, {
          data: [{ field: error.field, reason: error.message }],
        });
      }
      throw error;
    }
  })();
  const rows = await readOnlyRows(
    db,
    compiled.statement,
    context.timeoutMs ?? nlqStatementTimeoutMs,
  );
  const truncated = rows.length > compiled.limit;
  const kept = rows.slice(0, compiled.limit);
  const counted = nlqMeasures[query.measure].kind === 'count';
  return {
    columns: compiled.columns,
    rows: kept.map((row) => [
      ...query.dimensions.map((dimension, index) => cell(dimension, row[`d${index}`])),
      counted ? Number(row.m) : Math.round(Number(row.m) * 100) / 100,
    ]),
    truncated,
    chart: chartOf(query, kept.length),
  };
}

/** R-NLQ-1, R-NLQ-8, R-NLQ-10: a question, read and answered, or what was not understood. */
export async function askNlqQuestion(
  db: Db,
  question: string,
  context: NlqContext,
): Promise<NlqResult> {
  const today = businessDayOf(context.now);
  const vocabulary = await nlqVocabularyOf(context.auth.connection);
  const parsed = parseNlqQuestion(question, { today, vocabulary });
  if (parsed.understood) {
    return {
      question,
      understood: true,
      source: 'parser',
      query: parsed.query,
      reason: null,
      ignored: [...parsed.ignored],
      unknown: [],
      suggestions: [...parsed.suggestions],
      answer: await runNlqQuery(db, parsed.query, context),
    };
  }
  const proposed = await proposeNlqQuery(context.model, question, {
    today,
    vocabulary,
    log: context.log,
  });
  if (proposed) {
    return {
      question,
      understood: true,
      source: 'model',
      query: proposed,
      reason: null,
      ignored: [],
      unknown: [],
      suggestions: [...parsed.suggestions],
      answer: await runNlqQuery(db, proposed, context),
    };
  }
  return {
    question,
    understood: false,
    source: 'parser',
    query: null,
    reason: parsed.reason,
    ignored: [],
    unknown: [...parsed.unknown],
    suggestions: [...parsed.suggestions],
    answer: null,
  };
}
