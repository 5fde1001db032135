/**
 * AG Grid dressed as a Mantine table, through AG Grid's Theming API (no legacy CSS files). Values
 * are Mantine's CSS variables, not copies of the theme's colours, so the grid follows the theme
 * (primary petrol blue, system font, grey header) and any later change to it.
 */
import { createPart, themeQuartz } from 'ag-grid-community';

/** Row and header heights in px; the grid options repeat them so AG Grid need not measure. */
export const rowHeight = 34;
export const headerHeight = 36;

// The focused row carries the keyboard user's place: tinted and marked with a primary bar, as
// the selected row of a desktop list is. Numbers get tabular figures so columns of digits align.
const gridPart = createPart({
  feature: 'dispatchResourceGrid',
  css: `
    .ag-row.ag-row-focus {
      background-color: var(--mantine-primary-color-light);
      box-shadow: inset 3px 0 0 var(--mantine-primary-color-filled);
    }
    .ag-right-aligned-cell {
      font-variant-numeric: tabular-nums;
    }
    .ag-header-cell-text {
      font-variant-numeric: tabular-nums;
    }
  `,
});

export const gridTheme = themeQuartz.withPart(gridPart).withParams({
  browserColorScheme: 'light',
  accentColor: 'var(--mantine-primary-color-filled)',
  backgroundColor: 'var(--mantine-color-body)',
  foregroundColor: 'var(--mantine-color-text)',
  borderColor: 'var(--mantine-color-gray-3)',
  fontFamily: 'var(--mantine-font-family)',
  fontSize: 'var(--mantine-font-size-sm)',
  headerFontFamily: 'var(--mantine-font-family)',
  headerFontSize: 'var(--mantine-font-size-sm)',
  headerFontWeight: 600,
  headerBackgroundColor: 'var(--mantine-color-gray-1)',
  headerTextColor: 'var(--mantine-color-gray-8)',
  oddRowBackgroundColor: 'var(--mantine-color-gray-0)',
  rowHoverColor: 'var(--mantine-color-gray-1)',
  rowHeight,
  headerHeight,
  spacing: 6,
  cellHorizontalPadding: 10,
  wrapperBorderRadius: 'var(--mantine-radius-sm)',
  borderRadius: 'var(--mantine-radius-sm)',
  columnBorder: false,
  headerColumnBorder: { color: 'var(--mantine-color-gray-3)' },
  headerColumnResizeHandleColor: 'var(--mantine-color-gray-5)',
  focusShadow: { radius: 0, spread: 2, color: 'var(--mantine-primary-color-light)' },
});
