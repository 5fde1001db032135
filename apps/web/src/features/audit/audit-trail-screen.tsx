/**
 * The audit trail (R-AUDIT-4): every change administrators made, newest first, filtered by table,
 * user, record, action and dates; each row opens to the fields it changed, before → after. The
 * filters live in the URL, so a filtered trail can be bookmarked or linked to from a record.
 */
import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Collapse,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
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
  if (label !== undefined) return label;
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') {
    return value
      ? t('resource.yes', { defaultValue: 'Yes' })
      : t('resource.no', { defaultValue: 'No' });
  }
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
  const detailsId = `audit-entry-${entry.id}`;
  const fields = entry.changes
    .slice(0, 3)
    .map((change) => changedFieldLabel(t, definition, change.field))
    .join(', ');
  return (
    <>
      <Table.Tr
        onClick={onToggle}
        style={{ cursor: 'pointer' }}
        bg={expanded ? 'gray.0' : undefined}
      >
        <Table.Td w={40}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-expanded={expanded}
            aria-controls={detailsId}
            aria-label={t('auditTrail.expand', { record })}
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
        <Table.Td>
          <Text span size="sm">
            {entry.changes.length === 0
              ? t('auditTrail.noFields')
              : t('auditTrail.fields', { count: entry.changes.length })}
          </Text>
          {fields ? (
            <Text span size="xs" c="dimmed">
              {' · '}
              {fields}
              {entry.changes.length > 3 ? '…' : ''}
            </Text>
          ) : null}
        </Table.Td>
      </Table.Tr>
      {expanded ? (
        <Table.Tr id={detailsId} bg="gray.0">
          <Table.Td />
          <Table.Td colSpan={6} pb="md">
            <ChangesTable entry={entry} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

export function AuditTrailScreen() {
  const { t, i18n } = useTranslation();
  const { params, setParam, clear, page, filtered } = useUrlFilters();
  const [username, setUsername] = useTypedFilter(params, setParam, 'username');
  const [recordId, setRecordId] = useTypedFilter(params, setParam, 'recordId');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // On a phone the filters fold behind a button, so the entries start near the top.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
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
  const when = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }),
    [i18n.language],
  );
  const count = trail.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / pageSize));

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const handleExport = async () => {
    try {
      await downloadAuditCsv(filters);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('auditTrail.exportFailed'),
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };

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
      <TextInput
        type="date"
        label={t('auditTrail.from')}
        value={params.get('from') ?? ''}
        onChange={(event) => setParam('from', event.currentTarget.value)}
        w={{ base: '48%', sm: 160 }}
      />
      <TextInput
        type="date"
        label={t('auditTrail.to')}
        value={params.get('to') ?? ''}
        onChange={(event) => setParam('to', event.currentTarget.value)}
        w={{ base: '48%', sm: 160 }}
      />
      {filtered ? (
        <Button
          variant="subtle"
          onClick={() => {
            setUsername('');
            setRecordId('');
            clear();
          }}
        >
          {t('auditTrail.clear')}
        </Button>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>{t('auditTrail.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('auditTrail.intro')}
          </Text>
        </div>
        <Button variant="default" onClick={() => void handleExport()}>
          {t('auditTrail.export')}
        </Button>
      </Group>
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
        <Alert color="red" title={t('auditTrail.loadFailed')}>
          {trail.error instanceof Error ? trail.error.message : String(trail.error)}
        </Alert>
      ) : null}
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover verticalSpacing="xs" aria-label={t('auditTrail.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{t('auditTrail.at')}</Table.Th>
                <Table.Th>{t('auditTrail.username')}</Table.Th>
                <Table.Th>{t('auditTrail.resource')}</Table.Th>
                <Table.Th>{t('auditTrail.record')}</Table.Th>
                <Table.Th miw={120}>{t('auditTrail.action')}</Table.Th>
                <Table.Th>{t('auditTrail.changes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(trail.data?.entries ?? []).map((entry) => (
                <EntryRows
                  key={entry.id}
                  entry={entry}
                  expanded={expanded.has(entry.id)}
                  onToggle={() => toggle(entry.id)}
                  when={when}
                />
              ))}
              {trail.isPending ? (
                <Table.Tr>
                  <Table.Td colSpan={7} ta="center">
                    <Loader size="sm" aria-label={t('app.loading')} />
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {trail.data && trail.data.entries.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      {t('auditTrail.none')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('auditTrail.count', { count })}
        </Text>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) => setParam('page', String(next), true)}
            size="sm"
          />
        ) : null}
      </Group>
    </Stack>
  );
}
