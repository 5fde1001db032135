/**
 * Text no route may take (R-INPUT-1): a NUL character, which PostgreSQL cannot store in any text
 * column, and half of a UTF-16 surrogate pair without its other half, which is not Unicode at all
 * and breaks the JSON of the audit trail. Every request's parameters, query and body are checked
 * for them before a route runs, so no route needs to remember them.
 */
import type { FieldProblem } from './field-problem';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored, or null when it can. */
export function unstorableTextReason(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (loneSurrogate.test(text))
    return 'must not contain a lone surrogate (text that is not Unicode)';
  return null;
}

/**
 * The first field of a request part that holds such text, named by its path as the request named
 * it (`schedules.0.notes`), keys included.
 */
export function unstorableTextIn(value: unknown, path = ''): FieldProblem | null {
  if (typeof value === 'string') {
    const reason = unstorableTextReason(value);
    return reason ? { field: path || 'body', reason } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableTextIn(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    const keyReason = unstorableTextReason(key);
    if (keyReason) return { field: here, reason: keyReason };
    const found = unstorableTextIn(item, here);
    if (found) return found;
  }
  return null;
}
