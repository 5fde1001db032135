/**
 * The two kinds a text cannot show well: a flag (a check mark, or nothing) and a colour (a swatch
 * beside its hex). Both keep a text for assistive technology, since a bare mark or an empty cell
 * says nothing to a screen reader.
 */
import { CheckIcon, ColorSwatch, Group, Text, VisuallyHidden } from '@mantine/core';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useTranslation } from 'react-i18next';
import type { GridRow } from './grid-types';

export function FlagCell({ value, data }: CustomCellRendererProps<GridRow, unknown>) {
  const { t } = useTranslation();
  // A row still loading has no data: say nothing rather than a wrong "No".
  if (data === undefined) return null;
  const on = value === true;
  return (
    <>
      {on && (
        <CheckIcon size={12} aria-hidden style={{ color: 'var(--mantine-primary-color-filled)' }} />
      )}
      <VisuallyHidden>
        {on ? t('grid.yes', { defaultValue: 'Yes' }) : t('grid.no', { defaultValue: 'No' })}
      </VisuallyHidden>
    </>
  );
}

export function ColorCell({ value, valueFormatted }: CustomCellRendererProps<GridRow, unknown>) {
  if (typeof value !== 'string' || value === '') return null;
  return (
    <Group gap={6} wrap="nowrap" h="100%">
      <ColorSwatch color={value} size={14} radius="xs" withShadow={false} aria-hidden />
      <Text span inherit>
        {valueFormatted ?? value}
      </Text>
    </Group>
  );
}
