/**
 * R-INQ-2, R-INQ-7: the frame of an inquiry's search: a region named "Search" whose fields sit in
 * a grid; on a phone only the first field shows, the others fold behind "Filters (n)".
 */
import { useState, type ReactNode } from 'react';
import { Button, Collapse, Group, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useCompactLayout } from '../../lib/layout';
import { useTranslation } from 'react-i18next';

export function InquirySearchPanel(props: {
  first: ReactNode;
  rest: ReactNode;
  active: number;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const phone = useCompactLayout();
  const [open, setOpen] = useState(false);
  const clear = (
    <Button
      variant="subtle"
      size="compact-sm"
      onClick={props.onClear}
      disabled={props.active === 0}
    >
      {t('inquiry.clear')}
    </Button>
  );
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t('inquiry.search')}>
      {phone ? (
        <Stack gap="xs">
          {props.first}
          <Group justify="space-between">
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => setOpen((now) => !now)}
              aria-expanded={open}
            >
              {props.active > 0
                ? t('inquiry.filtersCount', { count: props.active })
                : t('inquiry.filters')}
            </Button>
            {clear}
          </Group>
          <Collapse expanded={open}>
            <SimpleGrid cols={1} spacing="xs">
              {props.rest}
            </SimpleGrid>
          </Collapse>
        </Stack>
      ) : (
        <Stack gap={6}>
          <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="sm" verticalSpacing="xs">
            {props.first}
            {props.rest}
          </SimpleGrid>
          <Group justify="flex-end">{clear}</Group>
        </Stack>
      )}
    </Paper>
  );
}
