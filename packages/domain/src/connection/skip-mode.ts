/** R-SKIP-1..3: skip mode, working without the classic Intercom. */
import { warnings } from '../messages';
import type { ClassicConnection } from './classic-connection';

/**
 * The answers of the stub that stands in for the classic link in skip mode: always connected and
 * authenticated, never any unsaved forms, so login and logout go on as if classic were there.
 */
export const skipModeLink = {
  state: 'connected',
  authenticated: true,
  dirtyFormsCount: 0,
} as const satisfies ClassicConnection;

export type ClassicFormAccess =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly warning: typeof warnings.classicFormAfterSkip };

/** In skip mode nothing opens; the warning is for the log, not for the user. */
export function canOpenClassicForm(skipMode: boolean): ClassicFormAccess {
  return skipMode ? { allowed: false, warning: warnings.classicFormAfterSkip } : { allowed: true };
}

/**
 * Classic forms can be offered only over a connected link outside skip mode; the menu hides
 * legacy entries otherwise (its `classicUsable` context).
 */
export function isClassicUsable(connection: ClassicConnection, skipMode: boolean): boolean {
  return !skipMode && connection.state === 'connected';
}
