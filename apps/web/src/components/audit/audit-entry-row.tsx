/**
 * One audit entry in an audit list (R-AUDIT-4, R-OAUD-1): a row that opens, by a click anywhere on
 * it or by its toggle button, to a details row under it; which entries are open is kept by id.
 */
import { useContext, useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuditColumnCount } from './audit-list-table';

// The theme's hover shade, so an opened entry and its details read as one block.
const openedBg = 'var(--mantine-color-default-hover)';

/** The ids of the opened entries and a toggle for one. */
export function useOpenedEntries() {
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpened((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { isOpen: (id: number) => opened.has(id), toggle };
}

/** The entry's time, as every audit list writes it. */
export function useAuditTimeFormat(): Intl.DateTimeFormat {
  const { i18n } = useTranslation();
  return useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }),
    [i18n.language],
  );
}

export function AuditEntryRow({
  expanded,
  onToggle,
  detailsId,
  toggleLabel,
  details,
  children,
}: {
  expanded: boolean;
  onToggle: () => void;
  /** The details row's id, which the toggle button controls. */
  detailsId: string;
  toggleLabel: string;
  details: ReactNode;
  /** The row's cells after the toggle. */
  children: ReactNode;
}) {
  const columnCount = useContext(AuditColumnCount);
  return (
    <>
      <Table.Tr
        onClick={onToggle}
        style={{ cursor: 'pointer' }}
        bg={expanded ? openedBg : undefined}
      >
        <Table.Td>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-expanded={expanded}
            aria-controls={detailsId}
            aria-label={toggleLabel}
            onClick={(event) => {
              event.stopPropagation();
              onToggle();
            }}
          >
            <Text span size="sm" aria-hidden>
              {expanded ? '▾' : '▸'}
            </Text>
          </ActionIcon>
        </Table.Td>
        {children}
      </Table.Tr>
      {expanded ? (
        <Table.Tr id={detailsId} bg={openedBg}>
          <Table.Td />
          <Table.Td colSpan={columnCount - 1} pb="md">
            {details}
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

/** The changes cell: how many fields changed, and the names of the first few. */
export function AuditChangesSummary({
  labels,
  shown,
  strong = false,
}: {
  labels: readonly string[];
  shown: number;
  strong?: boolean;
}) {
  const { t } = useTranslation();
  const fields = labels.slice(0, shown).join(', ');
  return (
    <Table.Td>
      <Text span size="sm" fw={strong ? 500 : undefined}>
        {labels.length === 0
          ? t('auditTrail.noFields')
          : t('auditTrail.fields', { count: labels.length })}
      </Text>
      {fields ? (
        <Text span size="xs" c="dimmed">
          {' · '}
          {fields}
          {labels.length > shown ? '…' : ''}
        </Text>
      ) : null}
    </Table.Td>
  );
}
