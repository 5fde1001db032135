import { describe, expect, it } from 'vitest';
import { warnings } from '../messages';
import { classicConnectionReducer } from './classic-connection';
import { canOpenClassicForm, isClassicUsable, skipModeLink } from './skip-mode';

describe('R-SKIP-1..3: skip mode', () => {
  it('the stub link is connected, authenticated and has no unsaved forms', () => {
    expect(skipModeLink).toEqual({ state: 'connected', authenticated: true, dirtyFormsCount: 0 });
    expect(classicConnectionReducer(skipModeLink, { type: 'connected' })).toEqual(skipModeLink);
  });

  it('refuses classic forms after a skip with the logged warning', () => {
    expect(canOpenClassicForm(true)).toEqual({
      allowed: false,
      warning: warnings.classicFormAfterSkip,
    });
    expect(canOpenClassicForm(false)).toEqual({ allowed: true });
  });

  it('offers classic forms only over a connected link outside skip mode', () => {
    expect(isClassicUsable(skipModeLink, false)).toBe(true);
    expect(isClassicUsable(skipModeLink, true)).toBe(false);
    const reconnecting = classicConnectionReducer(skipModeLink, { type: 'connecting' });
    expect(isClassicUsable(reconnecting, false)).toBe(false);
  });
});
