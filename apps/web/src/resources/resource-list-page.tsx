/**
 * A resource's list (R-MAINT-2): quick search, filters, server-side paging and sorting in a grid
 * whose columns the user arranges, CSV and Excel export of exactly what is filtered, and rows that
 * follow other users' saves live. Search, filters and sort live in the URL, so a list can be
 * bookmarked and Back returns to it as it was.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  Collapse,
  Group,
  Loader,
  Menu,
  Select,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { useCompactLayout } from '../lib/layout';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { resourceByName } from '@dispatch/domain/resources/registry';
import { useSession } from '../session/session-store';
import type { GridRow, GridSort } from '../components/data-grid/resource-grid';
import { ReferenceSelect } from './reference-select';
import { downloadExport, fetchList } from './resource-api';
import { resourceColumns } from './resource-columns';
import { fieldLabel, pluralName } from './resource-text';
import { useResourceAccess } from './use-resource-access';
import { useResourceLive } from './use-resource-live';

const ResourceGrid = lazy(async () => ({
  default: (await import('../components/data-grid/resource-grid')).ResourceGrid,
}));

const searchDebounceMs = 200;

export function ResourceListPage({
  definition,
  screenPath,
}: {
  definition: ResourceDefinition;
  screenPath: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const flags = useResourceAccess(definition);
  const [params, setParams] = useSearchParams();
  const [searchText, setSearchText] = useState(params.get('search') ?? '');
  const [search] = useDebouncedValue(searchText.trim(), searchDebounceMs);
  const searchRef = useRef<HTMLInputElement>(null);
  const refreshToken = useResourceLive(definition.name);
  const includeInactive = params.get('includeInactive') === 'true';
  const filters = useMemo(
    () =>
      Object.fromEntries(
        definition.filters.flatMap((name) => {
          const value = params.get(name);
          return value ? [[name, value]] : [];
        }),
      ),
    [definition, params],
  );
  const sortParam = params.get('sort');
  const sort: GridSort | undefined = sortParam
    ? { field: sortParam, order: params.get('order') === 'desc' ? 'desc' : 'asc' }
    : undefined;
  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const query = { search, includeInactive, filters };
  const queryKey = JSON.stringify(query);
  const columns = useMemo(() => resourceColumns(t, definition, flags), [t, definition, flags]);
  const canWrite = !flags.readOnly && !flags.none;

  const fetchPage = useCallback(
    async (request: {
      offset: number;
      limit: number;
      sort: GridSort | undefined;
      signal?: AbortSignal;
    }) => {
      const page = await fetchList(
        definition,
        {
          ...(JSON.parse(queryKey) as typeof query),
          offset: request.offset,
          limit: request.limit,
          ...(request.sort ? { sort: request.sort.field, order: request.sort.order } : {}),
        },
        request.signal,
      );
      return { rows: page.data, count: page.count };
    },
    [definition, queryKey],
  );

  const handleExport = async (format: 'csv' | 'xlsx') => {
    try {
      await downloadExport(
        definition,
        { ...query, ...(sort ? { sort: sort.field, order: sort.order } : {}) },
        format,
      );
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };

  useHotkeys([
    ['/', () => searchRef.current?.focus()],
    ['alt+N', () => canWrite && void navigate(`${screenPath}/new`)],
  ]);
  // The search box keeps its own text while typing; the URL follows the debounced value.
  const searchInUrl = params.get('search') ?? '';
  useEffect(() => {
    if (searchInUrl !== search) setParam('search', search);
    // setParam is rebuilt each render; the URL only needs to follow the search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, searchInUrl]);

  const plural = pluralName(t, definition);
  // On a phone the filters fold behind a button, so the list starts near the top of the screen.
  const phone = useCompactLayout();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters =
    definition.filters.filter((name) => params.get(name) !== null).length +
    (includeInactive ? 1 : 0);
  const filterControls = (
    <>
      {definition.filters.map((name) => {
        const field = definition.fields[name]!;
        const label = fieldLabel(t, definition, name, field);
        const value = params.get(name);
        if (field.kind === 'flag') {
          return (
            <Select
              key={name}
              label={label}
              data={[
                { value: 'true', label: t('resource.yes', { defaultValue: 'Yes' }) },
                { value: 'false', label: t('resource.no', { defaultValue: 'No' }) },
              ]}
              value={value}
              onChange={(next) => setParam(name, next)}
              placeholder={t('resource.any', { defaultValue: 'Any' })}
              clearable
              w={150}
            />
          );
        }
        if (field.kind === 'reference' && field.reference && resourceByName(field.reference)) {
          return (
            <div key={name} style={{ width: 240 }}>
              <ReferenceSelect
                name={`filter-${name}`}
                target={resourceByName(field.reference)!}
                label={label}
                value={value ? Number(value) : null}
                onChange={(next) => setParam(name, next === null ? null : String(next))}
              />
            </div>
          );
        }
        if (field.kind === 'choice' && field.choices) {
          return (
            <Select
              key={name}
              label={label}
              data={field.choices.map((item) => ({
                value: String(item.value),
                label: t(`resources.choices.${item.label}`, { defaultValue: item.label }),
              }))}
              value={value}
              onChange={(next) => setParam(name, next)}
              placeholder={t('resource.any', { defaultValue: 'Any' })}
              clearable
              w={180}
            />
          );
        }
        return (
          <TextInput
            key={name}
            label={label}
            value={value ?? ''}
            onChange={(event) => setParam(name, event.currentTarget.value)}
            w={180}
          />
        );
      })}
      {definition.deactivates && (
        <Checkbox
          label={t('resource.showInactive', { defaultValue: 'Show inactive' })}
          checked={includeInactive}
          onChange={(event) =>
            setParam('includeInactive', event.currentTarget.checked ? 'true' : null)
          }
          mb={8}
        />
      )}
    </>
  );

  return (
    <Stack gap="sm" h="calc(100dvh - 52px - 2 * var(--mantine-spacing-md))">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>{plural}</Title>
        <Group gap="sm">
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default">{t('resource.export', { defaultValue: 'Export' })}</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void handleExport('csv')}>
                {t('resource.exportCsv', { defaultValue: 'CSV file' })}
              </Menu.Item>
              <Menu.Item onClick={() => void handleExport('xlsx')}>
                {t('resource.exportExcel', { defaultValue: 'Excel workbook' })}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {canWrite && (
            <Button onClick={() => void navigate(`${screenPath}/new`)}>
              {t('resource.new', { defaultValue: 'New' })}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          ref={searchRef}
          type="search"
          label={t('resource.search', { defaultValue: 'Search' })}
          placeholder={t('resource.searchPlaceholder', {
            defaultValue: 'Search {{what}}…',
            what: plural.toLowerCase(),
          })}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          data-autofocus
        />
        {phone ? (
          <Button
            variant="default"
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
          >
            {t('resource.filters', { defaultValue: 'Filters' })}
            {activeFilters > 0 ? ` (${activeFilters})` : ''}
          </Button>
        ) : (
          filterControls
        )}
      </Group>
      {phone && (
        <Collapse expanded={filtersOpen}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            {filterControls}
          </Group>
        </Collapse>
      )}
      <div style={{ flex: 1, minHeight: 320 }}>
        <Suspense fallback={<Loader aria-label={t('app.loading')} />}>
          <ResourceGrid
            ariaLabel={plural}
            columns={columns}
            queryKey={queryKey}
            fetchPage={fetchPage}
            defaultSort={sort ?? { field: definition.defaultSort, order: 'asc' }}
            stateKey={`grid:${session.status.username.toLowerCase()}:${definition.name}`}
            onOpen={(row: GridRow) => void navigate(`${screenPath}/${row.id}`)}
            onSortChange={(next) => {
              setParams(
                (current) => {
                  const updated = new URLSearchParams(current);
                  if (next) {
                    updated.set('sort', next.field);
                    updated.set('order', next.order);
                  } else {
                    updated.delete('sort');
                    updated.delete('order');
                  }
                  return updated;
                },
                { replace: true },
              );
            }}
            refreshToken={refreshToken}
          />
        </Suspense>
      </div>
    </Stack>
  );
}
