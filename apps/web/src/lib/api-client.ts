/**
 * The one way the web client calls the API: the server base URL from the loaded configuration,
 * the bearer token of the current session, and the R-ENTITY-30 error wrapper turned into ApiError.
 * web-core owns this file; its exported signatures are a contract other features rely on.
 */
import type { z } from 'zod';
import { apiEnvelopeSchema } from '@dispatch/domain/api/envelope';
import { getAccessToken } from '../session/access-token';
import { logger } from './logger';

let serverBaseUrl = '';
/** R-CONST-8: requests slower than this are logged; 0 (the start value) logs none. */
let slowRequestThresholdMs = 0;

export function setSlowRequestThresholdMs(milliseconds: number): void {
  slowRequestThresholdMs = Math.max(0, milliseconds);
}

/** Logs a request that took longer than the configured threshold. */
export function logIfSlow(method: string, path: string, startedAt: number): void {
  const elapsed = performance.now() - startedAt;
  if (slowRequestThresholdMs > 0 && elapsed > slowRequestThresholdMs) {
    logger.warn(`Slow request: ${method} ${path} took ${Math.round(elapsed)} ms`);
  }
}

/** Set once the configuration is loaded; '' means the page's own origin. */
export function setServerBaseUrl(url: string): void {
  serverBaseUrl = url.replace(/\/+$/, '');
}

export function getServerBaseUrl(): string {
  return serverBaseUrl;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

type RequestOptions = { signal?: AbortSignal | undefined };

function messageOf(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    for (const key of ['message', 'description', 'error_description']) {
      const value = record[key];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return `The server answered ${status}.`;
}

/** The parsed answer, or null when it is not JSON (a proxy's HTML error page, say). */
function parseBody(text: string): { value: unknown } | null {
  if (text === '') return { value: undefined };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Sends a request and parses its answer with `answer`, a schema of packages/domain: the one place
 * an answer gets its type, so no caller states a type the server never promised (the lint refuses
 * a type argument here).
 */
export async function apiRequest<Answer extends z.ZodType>(
  method: Method,
  path: string,
  body: unknown,
  answer: Answer,
  options: RequestOptions = {},
): Promise<z.output<Answer>> {
  const parsed = answer.safeParse(await send(method, path, body, options));
  if (parsed.success) return parsed.data;
  throw new UnexpectedAnswerError(method, path, parsed.error.issues);
}

/**
 * An answer the schema refuses. Its message is the first refusal, named by its field, so a screen
 * shows what is wrong with the record (R-VALID-12: 'Job contains a null value at lockedFlag').
 */
export class UnexpectedAnswerError extends Error {
  readonly issues: readonly z.core.$ZodIssue[];
  constructor(method: Method, path: string, issues: readonly z.core.$ZodIssue[]) {
    const first = issues[0];
    const field = first?.path.map(String).join('.') ?? '';
    const named = !first || field === '' || first.message.includes(String(first.path.at(-1)));
    super(
      named ? (first?.message ?? 'The answer is not as expected.') : `${field}: ${first.message}`,
    );
    this.name = 'UnexpectedAnswerError';
    this.issues = issues;
    logger.error(`${method} ${path.split('?')[0] ?? path} answered an unexpected shape`);
  }
}

/** A GET whose answer `answer` parses. */
export function apiGet<Answer extends z.ZodType>(
  path: string,
  answer: Answer,
  options?: RequestOptions,
): Promise<z.output<Answer>> {
  return apiRequest('GET', path, undefined, answer, options);
}

/**
 * R-API-20: a list call. The list in the answer's envelope (R-API-17); a failure (an HTTP error,
 * the error flag, an answer of another shape) is logged and answers an empty list, unless the
 * caller asks for the error with `rethrow` (to show it, as the printer list does).
 */
export async function apiList<Item extends z.ZodType>(
  path: string,
  item: Item,
  options: RequestOptions & { rethrow?: boolean } = {},
): Promise<z.output<Item>[]> {
  try {
    const envelope = await apiGet(path, apiEnvelopeSchema(item.array()), options);
    return envelope.data;
  } catch (error) {
    if (options.rethrow === true || options.signal?.aborted === true) throw error;
    logger.warn(
      `The list ${path.split('?')[0] ?? path} could not be read; it is shown empty.`,
      error,
    );
    return [];
  }
}

/** A request whose answer the caller does not read (it still fails on an error answer). */
export async function apiSend(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<void> {
  await send(method, path, body, options);
}

async function send(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const startedAt = performance.now();
  const response = await fetch(`${serverBaseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    signal: options.signal ?? null,
  });
  const text = await response.text();
  logIfSlow(method, path, startedAt);
  const parsed = parseBody(text);
  if (!response.ok || parsed === null) {
    // R-API-19: HTTP errors are logged (path only: a query string may carry a token).
    logger.error(`${method} ${path.split('?')[0] ?? path} answered ${response.status}`);
    const message = parsed
      ? messageOf(parsed.value, response.status)
      : `The server answered ${response.status} with something other than JSON.`;
    throw new ApiError(response.status, message, parsed?.value);
  }
  if (hasErrorFlag(parsed.value)) {
    // R-API-18: an answer with the error flag set is a failure even with a 2xx status.
    throw new ApiError(response.status, messageOf(parsed.value, response.status), parsed.value);
  }
  return parsed.value;
}

function hasErrorFlag(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && (value as { error?: unknown }).error === true
  );
}
