/**
 * R-CONST-14: whether the pointer event under way came from a finger. Browsers follow a tap with
 * emulated mouse events; a click within the touch-versus-mouse window of a touch is the tap's.
 * A phone has no double-click, so lists open a record on a tap (`cameFromTouch`) and keep the
 * double-click for the mouse.
 */
import { frameworkDefaults } from '@dispatch/domain/constants';

let lastTouchAt = Number.NEGATIVE_INFINITY;

if (typeof document !== 'undefined') {
  document.addEventListener(
    'touchstart',
    () => {
      lastTouchAt = performance.now();
    },
    { capture: true, passive: true },
  );
}

export function cameFromTouch(): boolean {
  return performance.now() - lastTouchAt < frameworkDefaults.touchVersusMouseWindowMs;
}
