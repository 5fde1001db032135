/**
 * R-ENTITY-30: the error wrapper, what every failed answer carries (the server's errors leave in
 * it) and what the API client raises when an answer carries the error flag.
 */
export type ErrorWrapper = {
  /** Whatever the server sent with the error, kept for diagnosis. */
  data: unknown;
  description: string | null;
  message: string;
  /** Server-side only; logged, never shown. */
  stacktrace: string | null;
  errorTypeId: number | null;
  /** True when the error came from an HTTP answer rather than from the client itself. */
  responseError: boolean;
};
