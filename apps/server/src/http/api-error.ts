import type { ErrorWrapper } from '@dispatch/domain/api/error-wrapper';
import type { FieldProblem } from '@dispatch/domain/api/field-problem';

/**
 * Every failure leaves the server as the error wrapper of spec section 3:
 * { data, description, message, stacktrace, errorTypeId, responseError }.
 * errorTypeId tells the client what kind of failure it is without parsing text.
 */
export const errorTypes = {
  validation: 1,
  authentication: 2,
  permission: 3,
  notFound: 4,
  conflict: 5,
  rateLimited: 6,
  server: 7,
} as const;
export type ErrorType = keyof typeof errorTypes;

const statusOf: Record<ErrorType, number> = {
  validation: 400,
  authentication: 401,
  permission: 403,
  notFound: 404,
  conflict: 409,
  rateLimited: 429,
  server: 500,
};

// The wire shape is the domain's; modules import it from here with the errors that carry it.
export type { FieldProblem };

export class ApiError extends Error {
  readonly type: ErrorType;
  readonly statusCode: number;
  readonly description: string;
  readonly data: unknown;
  /** A machine-readable code the client keys on (e.g. section 8's token_error). */
  readonly code: string | undefined;

  constructor(
    type: ErrorType,
    message: string,
    options: { description?: string; data?: unknown; code?: string } = {},
  ) {
    super(message);
    this.type = type;
    this.statusCode = statusOf[type];
    this.description = options.description ?? message;
    this.data = options.data ?? null;
    this.code = options.code;
  }
}

export function validationError(problems: FieldProblem[]): ApiError {
  const first = problems[0];
  const message = first ? `${first.field}: ${first.reason}` : 'The request is not valid.';
  return new ApiError('validation', message, { data: problems });
}

export function notFound(what: string): ApiError {
  return new ApiError('notFound', `${what} was not found.`);
}

export function conflict(message: string): ApiError {
  return new ApiError('conflict', message);
}

/** The wrapper of section 3, plus the HTTP status and a machine code for clients that key on them. */
export type ErrorAnswer = ErrorWrapper & { statusCode: number; code: string | null };

export function toWrapper(error: ApiError, includeStack: boolean): ErrorAnswer {
  return {
    data: error.data,
    description: error.description,
    message: error.message,
    stacktrace: includeStack && error.stack ? error.stack : null,
    errorTypeId: errorTypes[error.type],
    responseError: true,
    statusCode: error.statusCode,
    code: error.code ?? null,
  };
}
