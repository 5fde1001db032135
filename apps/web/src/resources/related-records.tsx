/**
 * The records of another resource that point at this one (a customer's jobs): a short list that
 * opens each, and a New button that starts one already pointing here. For form panels.
 */
import { Anchor, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recordLabel, type ResourceDefinition } from '@dispatch/domain/resources/define';
import { fetchList } from './resource-api';
import { resourceKeys } from './resource-queries';
import { fieldLabel, pluralName } from './resource-text';

export function RelatedRecords({
  definition,
  field,
  parentId,
  screenPath,
  columns,
  canCreate,
}: {
  definition: ResourceDefinition;
  /** The field of `definition` that refers to the parent record. */
  field: string;
  parentId: number | undefined;
  screenPath: string;
  /** Fields shown beside each record's label. */
  columns: readonly string[];
  canCreate: boolean;
}) {
  const { t } = useTranslation();
  const related = useQuery({
    queryKey: [...resourceKeys.lists(definition.name), 'related', field, parentId],
    queryFn: ({ signal }) =>
      fetchList(
        definition,
        { offset: 0, limit: 200, includeInactive: true, filters: { [field]: String(parentId) } },
        signal,
      ),
    enabled: parentId !== undefined,
  });
  const title = pluralName(t, definition);
  if (parentId === undefined) return null;
  return (
    <Stack gap="xs" role="group" aria-label={title}>
      <Group justify="space-between">
        <Text fw={600}>
          {title}
          {related.data ? ` (${related.data.count})` : ''}
        </Text>
        {canCreate && (
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={`${screenPath}/new?${field}=${parentId}`}
          >
            {t('resource.newRelated', { defaultValue: 'New' })}
          </Button>
        )}
      </Group>
      {related.isPending && <Loader size="sm" />}
      {related.data?.count === 0 && (
        <Text size="sm" c="dimmed">
          {t('resource.noRows', { defaultValue: 'None yet.' })}
        </Text>
      )}
      {related.data && related.data.count > 0 && (
        <Table striped highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                {fieldLabel(
                  t,
                  definition,
                  definition.labelField,
                  definition.fields[definition.labelField]!,
                )}
              </Table.Th>
              {columns.map((name) => (
                <Table.Th key={name}>
                  {fieldLabel(t, definition, name, definition.fields[name]!)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {related.data.data.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor component={Link} to={`${screenPath}/${row.id}`}>
                    {recordLabel(definition, row)}
                  </Anchor>
                </Table.Td>
                {columns.map((name) => (
                  <Table.Td key={name}>{row.labels[name] ?? displayText(row[name])}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function displayText(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '✓' : '';
  return '';
}
