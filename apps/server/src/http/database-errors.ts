import { ApiError, validationError } from './api-error';

type PgError = {
  code: string;
  constraint?: string | undefined;
  detail?: string | undefined;
  column?: string | undefined;
  table?: string | undefined;
};

/** Drizzle wraps driver errors (DrizzleQueryError.cause); PGlite and node-postgres both carry `code`. */
function pgErrorIn(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; current !== null && typeof current === 'object' && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as PgError;
    }
    current = candidate.cause;
  }
  return undefined;
}

const camelCase = (column: string): string =>
  column.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/** The last column of PostgreSQL's `Key (a, b)=(...)` detail: the one a user would change. */
function keyColumn(detail: string | undefined): string | undefined {
  const columns = /Key \(([^)]+)\)=/.exec(detail ?? '')?.[1]?.split(',');
  const last = columns?.at(-1)?.trim().replace(/"/g, '');
  return last ? camelCase(last) : undefined;
}

/** `plants_latitude_check` on table `plants` names `latitude`. */
function checkedColumn(error: PgError): string | undefined {
  const constraint = error.constraint;
  if (!constraint) return undefined;
  const prefix = error.table ? `${error.table}_` : '';
  const bare = constraint.startsWith(prefix) ? constraint.slice(prefix.length) : constraint;
  return camelCase(bare.replace(/_check$/, ''));
}

/**
 * What a client-caused database refusal means in API terms: a missing reference or a broken check
 * is a 400 naming the field, a duplicate a 409; `fields` names the field of constraints whose
 * name does not say it. Anything else is not the client's doing and is left to the 500 handler.
 */
export function apiErrorOf(
  error: unknown,
  fields: Readonly<Record<string, string>> = {},
): ApiError | undefined {
  const pgError = pgErrorIn(error);
  if (!pgError) return undefined;
  const named = pgError.constraint ? fields[pgError.constraint] : undefined;
  switch (pgError.code) {
    case '23503':
      return validationError([
        {
          field: named ?? keyColumn(pgError.detail) ?? 'body',
          reason: 'refers to a record that does not exist',
        },
      ]);
    case '23505': {
      const field = named ?? keyColumn(pgError.detail) ?? 'body';
      const reason = 'is already used by another record';
      return new ApiError('conflict', `${field}: ${reason}`, { data: [{ field, reason }] });
    }
    case '23514':
      return validationError([
        { field: named ?? checkedColumn(pgError) ?? 'body', reason: 'is out of the allowed range' },
      ]);
    case '23502':
      return validationError([
        { field: pgError.column ? camelCase(pgError.column) : 'body', reason: 'is required' },
      ]);
    case '22003':
      return validationError([{ field: named ?? 'body', reason: 'a number is out of range' }]);
    case '40001':
    case '40P01':
      return new ApiError('conflict', 'Someone else was changing the same records. Try again.');
    default:
      return undefined;
  }
}

/** Runs a write and rethrows the database's refusals as the API errors they stand for. */
export async function translatingDatabaseErrors<T>(
  write: () => Promise<T>,
  fields: Readonly<Record<string, string>> = {},
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw apiErrorOf(error, fields) ?? error;
  }
}

/** Runs a write; a client-caused database refusal leaves as the API error it means (apiErrorOf). */
export async function writing<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw apiErrorOf(error) ?? error;
  }
}
