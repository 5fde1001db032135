/**
 * Whether the window is a phone or small tablet (R-CONST-6: 768 px or less), where lists become
 * cards and side panels stack. One query for every screen, so the board, the lists and the
 * inquiries switch where the shell does (`useSmallScreen`); the theme's grid breakpoints are
 * R-CONST-15's.
 */
import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { mobileMaxWidthPx } from '@dispatch/domain/constants';

export const compactLayoutQuery = `(max-width: ${em(mobileMaxWidthPx)})`;

export function useCompactLayout(): boolean {
  return useMediaQuery(compactLayoutQuery) ?? false;
}
