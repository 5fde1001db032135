/**
 * Alt+↑ / Alt+↓ on a focused row of an ordered list moves it one place (the keyboard's way to
 * reorder what can also be dragged: a plant's yard, a ranking, a recipe's batching order).
 * Answers whether it moved the row, having taken the key from the browser.
 */
import type { KeyboardEvent } from 'react';

export function moveByAltArrow(
  event: KeyboardEvent,
  index: number,
  count: number,
  onMove: (from: number, to: number) => void,
): boolean {
  if (!event.altKey) return false;
  const to = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : -1;
  if (to < 0 || to >= count) return false;
  event.preventDefault();
  onMove(index, to);
  return true;
}
