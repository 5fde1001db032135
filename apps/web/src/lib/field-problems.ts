/**
 * A 400's problems by field (`rawMaterials.2.quantity`, `selection.plantIds`): each shown next to
 * its field (R-VALID). Anything else is no field's problem, and the caller shows its message.
 */
import { ApiError } from './api-client';

export type FieldProblems = Readonly<Record<string, string>>;

export function fieldProblemsOf(error: unknown): FieldProblems {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const data = (error.body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return {};
  const problems: Record<string, string> = {};
  for (const item of data) {
    const { field, reason } = item as { field?: unknown; reason?: unknown };
    if (typeof field === 'string' && typeof reason === 'string' && !(field in problems)) {
      problems[field] = reason;
    }
  }
  return problems;
}

/** The problems of a zod parse, keyed the way the server names fields. */
export function parseProblemsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) {
  const problems: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (!(field in problems)) problems[field] = issue.message;
  }
  return problems as FieldProblems;
}
