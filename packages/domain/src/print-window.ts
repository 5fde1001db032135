import { printWindowSize } from './constants';
import { messages } from './messages';

export type WindowSize = { readonly innerHeight: number; readonly innerWidth: number };

export type PrintWindowPlan =
  | { readonly ok: true; readonly height: number; readonly width: number }
  | { readonly ok: false; readonly message: string };

function fraction(size: number, share: number): number {
  return Number.isFinite(size) ? Math.max(0, Math.floor(size * share)) : 0;
}

/**
 * R-PRINT-1..2: the print window opens only for a .pdf (in any letter case), at 90% of the
 * opening window's height, floored, and its full width.
 */
export function planPrintWindow(url: string, opener: WindowSize): PrintWindowPlan {
  if (!url.toLowerCase().includes('.pdf')) {
    return { ok: false, message: messages.printWindowNonPdf };
  }
  return {
    ok: true,
    height: fraction(opener.innerHeight, printWindowSize.heightFraction),
    width: fraction(opener.innerWidth, printWindowSize.widthFraction),
  };
}
