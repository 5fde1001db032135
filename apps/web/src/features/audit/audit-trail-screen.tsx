/**
 * The audit trail (R-AUDIT-4): every change administrators made, newest first, filtered by table,
 * user, record, action and dates; each row opens to the fields it changed, before → after. The
 * filters live in the URL, so a filtered trail can be bookmarked or linked to from a record.
 */
import { useMemo, useState } from 'react';
import {
  Badge,
  Button,
  Collapse,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useCompactLayout } from '../../lib/layout';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  auditActions,
  auditValueText,
  type AuditEntryView,
} from '@dispatch/domain/audit/audit-trail';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { resourceByName, resourceDefinitions } from '@dispatch/domain/resources/registry';
import { AuditChangesTable } from '../../components/audit/audit-changes-table';
import {
  AuditChangesSummary,
  AuditEntryRow,
  useAuditTimeFormat,
  useOpenedEntries,
} from '../../components/audit/audit-entry-row';
import { AuditDateRange, ClearFiltersButton } from '../../components/audit/audit-filter-fields';
import {
  AuditListTable,
  AuditLoadFailed,
  AuditPagingFooter,
} from '../../components/audit/audit-list-table';
import { AuditScreenHeader } from '../../components/audit/audit-screen-header';
import { commonAuditValueText } from '../../components/audit/audit-value-text';
import {
  localDayInstant,
  useTypedFilter,
  useUrlFilters,
} from '../../components/audit/audit-filters';
import { fieldLabel, pluralName } from '../../resources/resource-text';
import { downloadAuditCsv, fetchAuditPage, type AuditFilters } from './audit-trail-api';

const pageSize = 50;

const actionColors: Record<string, string> = {
  created: 'teal',
  updated: 'blue',
  deactivated: 'orange',
  deleted: 'red',
};

function changedFieldLabel(t: TFunction, definition: ResourceDefinition | undefined, name: string) {
  const field = definition?.fields[name];
  if (definition && field) return fieldLabel(t, definition, name, field);
  const child = definition?.children[name];
  if (definition && child) {
    return t(`resources.${definition.name}.children.${name}`, { defaultValue: child.label });
  }
  return name;
}

function valueText(
  t: TFunction,
  definition: ResourceDefinition | undefined,
  name: string,
  value: unknown,
  label: string | undefined,
): string {
  const common = commonAuditValueText(t, value, label);
  if (common !== undefined) return common;
  const choices = definition?.fields[name]?.choices;
  const choice = choices?.find((item) => item.value === value);
  if (choice) return t(`resources.choices.${choice.label}`, { defaultValue: choice.label });
  if (Array.isArray(value)) return t('auditTrail.rows', { count: value.length });
  return auditValueText(value);
}

function ChangesTable({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation();
  const definition = resourceByName(entry.resource);
  return (
    <AuditChangesTable
      changes={entry.changes}
      action={entry.action}
      fieldLabel={(change) => changedFieldLabel(t, definition, change.field)}
      valueText={(change, side) =>
        valueText(
          t,
          definition,
          change.field,
          change[side],
          side === 'before' ? change.beforeLabel : change.afterLabel,
        )
      }
    />
  );
}

function EntryRows({
  entry,
  expanded,
  onToggle,
  when,
}: {
  entry: AuditEntryView;
  expanded: boolean;
  onToggle: () => void;
  when: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation();
  const definition = resourceByName(entry.resource);
  const resourceLabel = definition ? pluralName(t, definition) : entry.resource;
  const record = entry.recordLabel || `#${entry.recordId}`;
  return (
    <AuditEntryRow
      expanded={expanded}
      onToggle={onToggle}
      detailsId={`audit-entry-${entry.id}`}
      toggleLabel={t('auditTrail.expand', { record })}
      details={<ChangesTable entry={entry} />}
    >
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when.format(new Date(entry.at))}</Table.Td>
      <Table.Td>{entry.username}</Table.Td>
      <Table.Td>{resourceLabel}</Table.Td>
      <Table.Td>
        <Text span size="sm" fw={500}>
          {record}
        </Text>{' '}
        <Text span size="xs" c="dimmed">
          #{entry.recordId}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" tt="none" color={actionColors[entry.action] ?? 'gray'}>
          {t(`auditTrail.actions.${entry.action}`, { defaultValue: entry.action })}
        </Badge>
      </Table.Td>
      <AuditChangesSummary
        labels={entry.changes.map((change) => changedFieldLabel(t, definition, change.field))}
        shown={3}
      />
    </AuditEntryRow>
  );
}

export function AuditTrailScreen() {
  const { t } = useTranslation();
  const { params, setParam, clear, page, filtered } = useUrlFilters();
  const [username, setUsername] = useTypedFilter(params, setParam, 'username');
  const [recordId, setRecordId] = useTypedFilter(params, setParam, 'recordId');
  const { isOpen, toggle } = useOpenedEntries();
  // On a phone the filters fold behind a button, so the entries start near the top.
  const phone = useCompactLayout();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const filters: AuditFilters = useMemo(() => {
    const from = localDayInstant(params.get('from'), false);
    const to = localDayInstant(params.get('to'), true);
    return {
      ...(params.get('resource') ? { resource: params.get('resource')! } : {}),
      ...(params.get('username') ? { username: params.get('username')! } : {}),
      ...(params.get('recordId') ? { recordId: params.get('recordId')! } : {}),
      ...(params.get('action') ? { action: params.get('action')! } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    };
  }, [params]);

  const trail = useQuery({
    queryKey: ['auditTrail', filters, page],
    queryFn: ({ signal }) => fetchAuditPage(filters, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

  const resources = useMemo(
    () =>
      resourceDefinitions
        .filter((definition) => definition.admin)
        .map((definition) => ({ value: definition.name, label: pluralName(t, definition) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [t],
  );
  const actions = auditActions.map((action) => ({
    value: action,
    label: t(`auditTrail.actions.${action}`),
  }));
  const when = useAuditTimeFormat();

  const filterControls = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t('auditTrail.resource')}
        placeholder={t('auditTrail.any')}
        data={resources}
        value={params.get('resource')}
        onChange={(value) => setParam('resource', value)}
        searchable
        clearable
        w={{ base: '100%', sm: 220 }}
      />
      <TextInput
        type="search"
        label={t('auditTrail.username')}
        value={username}
        onChange={(event) => setUsername(event.currentTarget.value)}
        w={{ base: '100%', sm: 160 }}
      />
      <TextInput
        type="search"
        label={t('auditTrail.recordId')}
        value={recordId}
        onChange={(event) => setRecordId(event.currentTarget.value)}
        w={{ base: '100%', sm: 120 }}
      />
      <Select
        label={t('auditTrail.action')}
        placeholder={t('auditTrail.any')}
        data={actions}
        value={params.get('action')}
        onChange={(value) => setParam('action', value)}
        clearable
        w={{ base: '100%', sm: 160 }}
      />
      <AuditDateRange params={params} setParam={setParam} w={{ base: '48%', sm: 160 }} />
      <ClearFiltersButton
        filtered={filtered}
        onClear={() => {
          setUsername('');
          setRecordId('');
          clear();
        }}
      />
    </Group>
  );

  const entries = trail.data?.entries ?? [];
  return (
    <Stack gap="sm">
      <AuditScreenHeader
        title={t('auditTrail.title')}
        intro={t('auditTrail.intro')}
        onExport={() => downloadAuditCsv(filters)}
      />
      {phone ? (
        <>
          <Button
            variant="default"
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
          >
            {t('auditTrail.filters')}
            {filtered ? ' •' : ''}
          </Button>
          <Collapse expanded={filtersOpen}>{filterControls}</Collapse>
        </>
      ) : (
        filterControls
      )}
      {trail.isError ? (
        <AuditLoadFailed title={t('auditTrail.loadFailed')} error={trail.error} />
      ) : null}
      <AuditListTable
        label={t('auditTrail.title')}
        minWidth={760}
        toggleWidth={40}
        columns={[
          { label: t('auditTrail.at') },
          { label: t('auditTrail.username') },
          { label: t('auditTrail.resource') },
          { label: t('auditTrail.record') },
          { label: t('auditTrail.action'), minWidth: 120 },
          { label: t('auditTrail.changes') },
        ]}
        pending={trail.isPending}
        empty={
          trail.data && entries.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {t('auditTrail.none')}
            </Text>
          ) : null
        }
      >
        {entries.map((entry) => (
          <EntryRows
            key={entry.id}
            entry={entry}
            expanded={isOpen(entry.id)}
            onToggle={() => toggle(entry.id)}
            when={when}
          />
        ))}
      </AuditListTable>
      <AuditPagingFooter
        count={trail.data?.count ?? 0}
        page={page}
        pageSize={pageSize}
        onPage={(next) => setParam('page', String(next), true)}
      />
    </Stack>
  );
}
