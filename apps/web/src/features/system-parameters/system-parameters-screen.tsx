/**
 * System Parameters (`/administration/system-parameters`, R-PARAM-1..8): the parameters of this
 * database by group, each with its description, default and an input of its type, saved one at a
 * time. The domain catalogue checks a value before it is sent (the server checks it again), a
 * server refusal shows beside the field, a stale save offers a reload, and someone else's change
 * arrives live (serverConfigUpdate_v1).
 */
import {
  Alert,
  Badge,
  Button,
  Divider,
  Grid,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { menuEntryById, menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';
import {
  accountingInterfaceLabels,
  accountingInterfaces,
  checkParameterValue,
  disableableForms,
  parameterNumberRanges,
  parameterGroupLabels,
  systemParameterCatalogue,
  systemParametersByGroup,
  type AccountingInterface,
  type ParameterProblem,
  type SystemParameterKey,
  type SystemParameterRow,
} from '@dispatch/domain/settings/system-parameters';
import { NumberField } from '../../components/number-field/number-field';
import {
  useRefusedNumbers,
  type RefusedNumbers,
} from '../../components/number-field/refused-numbers';
import { ApiError } from '../../lib/api-client';
import { useHubEvent, useHubReconnected } from '../../realtime/hub-events';
import { refreshServerConfig } from '../../session/server-config-sync';
import {
  saveSystemParameter,
  systemParameterKeys,
  systemParametersQuery,
} from './system-parameters-api';

const screenEntry = menuEntryByEnumId('SystemParameters');
/** Mantine's Select needs a non-empty value for "none". */
const noAccounting = 'none';

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function entryLabel(t: TFunction, entry: MenuEntry): string {
  return t(entry.translationId, { defaultValue: entry.name });
}

function parameterText(t: TFunction, key: SystemParameterKey, part: 'label' | 'description') {
  return t(`systemParameters.parameters.${key}.${part}`, {
    defaultValue: systemParameterCatalogue[key][part],
  });
}

function accountingLabel(t: TFunction, value: AccountingInterface): string {
  return t(`systemParameters.accounting.${value || noAccounting}`, {
    defaultValue: accountingInterfaceLabels[value],
  });
}

/** The unit after a whole-number parameter's value in its input. */
function numberSuffix(t: TFunction, kind: 'milliseconds' | 'metres' | 'days'): string {
  if (kind === 'milliseconds') return ' ms';
  if (kind === 'metres') return ' m';
  return ` ${t('systemParameters.daysUnit')}`;
}

/** A value as the screen says it: the default line and the forms list. */
function describeValue(t: TFunction, key: SystemParameterKey, value: unknown): string {
  const kind = systemParameterCatalogue[key].kind;
  if (kind === 'flag') return value === true ? t('systemParameters.on') : t('systemParameters.off');
  if (kind === 'choice') return accountingLabel(t, value as AccountingInterface);
  if (kind === 'text') return String(value);
  if (kind === 'milliseconds') {
    return value === 0
      ? t('systemParameters.thresholdOff')
      : t('systemParameters.milliseconds', { value });
  }
  if (kind === 'metres') return t('systemParameters.metres', { value });
  if (kind === 'days') return t('systemParameters.days', { count: Number(value) });
  const ids = Array.isArray(value) ? (value as number[]) : [];
  if (ids.length === 0) return t('systemParameters.none');
  return ids
    .map((id) => {
      const entry = menuEntryById(id);
      return entry ? entryLabel(t, entry) : String(id);
    })
    .join(', ');
}

/** The reasons a 400 gave for the value, or its message. */
function problemsOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error instanceof ApiError && error.status === 400) {
    const data = (error.body as { data?: unknown } | undefined)?.data;
    if (Array.isArray(data)) {
      const reasons = (data as ParameterProblem[])
        .filter((problem) => typeof problem?.reason === 'string')
        .map((problem) => problem.reason);
      if (reasons.length > 0) return reasons.join('; ');
    }
  }
  return error.message;
}

export function SystemParametersScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery(systemParametersQuery());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: systemParameterKeys.all });
  // Someone else's change, in this tab or any other (R-PARAM-6); after a reconnect, all of them.
  useHubEvent('serverConfigUpdate_v1', refresh);
  useHubReconnected(refresh);
  const title = screenEntry ? entryLabel(t, screenEntry) : 'System Parameters';

  return (
    <Stack gap="lg" maw={1040}>
      <div>
        <Title order={2}>{title}</Title>
        <Text size="sm" c="dimmed">
          {t('systemParameters.intro')}
        </Text>
      </div>
      {list.isPending ? (
        <Loader aria-label={t('app.loading')} />
      ) : list.isError ? (
        <Alert color="red" title={t('systemParameters.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{list.error.message}</Text>
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              {t('systemParameters.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <ParameterGroups rows={list.data} />
      )}
    </Stack>
  );
}

function ParameterGroups({ rows }: { rows: SystemParameterRow[] }) {
  const { t } = useTranslation();
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return systemParametersByGroup().map(({ group, parameters }) => {
    const shown = parameters.filter((parameter) => byKey.has(parameter.key));
    if (shown.length === 0) return null;
    const headingId = `system-parameters-${group}`;
    return (
      <Paper
        key={group}
        withBorder
        radius="md"
        p="md"
        component="section"
        aria-labelledby={headingId}
      >
        <Title order={3} size="h4" id={headingId} mb="xs">
          {t(`systemParameters.groups.${group}`, { defaultValue: parameterGroupLabels[group] })}
        </Title>
        {shown.map((parameter, index) => (
          <Fragment key={parameter.key}>
            {index > 0 && <Divider my="sm" />}
            <ParameterEditor row={byKey.get(parameter.key)!} />
          </Fragment>
        ))}
      </Paper>
    );
  });
}

function ParameterEditor({ row }: { row: SystemParameterRow }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const key = row.key as SystemParameterKey;
  const spec = systemParameterCatalogue[key];
  /** What the administrator chose and has not saved; undefined shows the stored value, live. */
  const [draft, setDraft] = useState<unknown>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const refusedNumbers = useRefusedNumbers();
  const value = draft === undefined ? row.value : draft;
  const dirty = draft !== undefined && !sameValue(draft, row.value);
  // A switch is its own way back to the default.
  const canUseDefault = spec.kind !== 'flag' && !sameValue(value, row.default);
  const label = parameterText(t, key, 'label');
  const inputId = `parameter-${key}`;

  const handleChange = (next: unknown) => {
    setDraft(next);
    setError(null);
  };

  const handleDiscard = () => {
    setDraft(undefined);
    setError(null);
    setConflict(null);
  };

  const handleReload = async () => {
    handleDiscard();
    await queryClient.invalidateQueries({ queryKey: systemParameterKeys.all });
  };

  const handleSave = async () => {
    // R-INPUT-1: a number holding text it refused is not saved; the field says why.
    if (refusedNumbers.focusFirst()) return;
    // The catalogue's own rule first (R-PARAM-3); the server applies it again.
    const checked = checkParameterValue(key, value);
    if (!checked.ok) {
      setError(checked.problems.map((problem) => problem.reason).join('; '));
      return;
    }
    setSaving(true);
    setError(null);
    setConflict(null);
    try {
      const saved = await saveSystemParameter(key, checked.value, row.version);
      queryClient.setQueryData(systemParameterKeys.all, (rows: SystemParameterRow[] | undefined) =>
        rows?.map((current) => (current.key === key ? saved : current)),
      );
      setDraft(undefined);
      notifications.show({ color: 'teal', message: t('systemParameters.saved', { name: label }) });
      // This tab's menu follows at once, even before the hub's event arrives.
      void refreshServerConfig();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) setConflict(caught.message);
      else setError(problemsOf(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Grid gap="md" align="flex-start" data-testid={inputId}>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Group gap="xs" wrap="nowrap" align="center">
          <Text fw={600}>{label}</Text>
          <Badge size="xs" variant="light" color={row.set ? 'blue' : 'gray'}>
            {row.set ? t('systemParameters.set') : t('systemParameters.usingDefault')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" mt={2}>
          {parameterText(t, key, 'description')}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {t('systemParameters.default', { value: describeValue(t, key, row.default) })}
          {row.modifiedAt && row.modifiedBy
            ? ` · ${t('systemParameters.lastChange', {
                who: row.modifiedBy,
                when: new Date(row.modifiedAt).toLocaleString(i18n.language),
              })}`
            : ''}
        </Text>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="xs">
          <ParameterInput
            id={inputId}
            parameterKey={key}
            label={label}
            value={value}
            error={error}
            onChange={handleChange}
            refusals={refusedNumbers}
          />
          {conflict && (
            <Alert color="yellow" title={t('systemParameters.conflictTitle')} p="xs">
              <Stack gap={6} align="flex-start">
                <Text size="sm">{conflict}</Text>
                <Button size="xs" variant="light" onClick={() => void handleReload()}>
                  {t('systemParameters.reload')}
                </Button>
              </Stack>
            </Alert>
          )}
          {(dirty || canUseDefault) && (
            <Group gap="xs">
              {dirty && (
                <>
                  <Button
                    size="xs"
                    onClick={() => void handleSave()}
                    loading={saving}
                    aria-label={t('systemParameters.saveNamed', { name: label })}
                  >
                    {t('systemParameters.save')}
                  </Button>
                  <Button size="xs" variant="default" onClick={handleDiscard}>
                    {t('systemParameters.discard')}
                  </Button>
                </>
              )}
              {canUseDefault && (
                <Button size="xs" variant="subtle" onClick={() => handleChange(row.default)}>
                  {t('systemParameters.useDefault')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

type InputProps = {
  id: string;
  parameterKey: SystemParameterKey;
  label: string;
  value: unknown;
  error: string | null;
  onChange: (value: unknown) => void;
  /** The editor's refused number fields (R-INPUT-1). */
  refusals?: RefusedNumbers;
};

function ParameterInput({ id, parameterKey, label, value, error, onChange, refusals }: InputProps) {
  const { t } = useTranslation();
  const kind = systemParameterCatalogue[parameterKey].kind;
  if (kind === 'flag') {
    return (
      <Switch
        id={id}
        aria-label={label}
        checked={value === true}
        onChange={(event) => onChange(event.currentTarget.checked)}
        label={value === true ? t('systemParameters.on') : t('systemParameters.off')}
        error={error}
      />
    );
  }
  if (kind === 'choice') {
    return (
      <Select
        id={id}
        aria-label={label}
        data={accountingInterfaces.map((choice) => ({
          value: choice || noAccounting,
          label: accountingLabel(t, choice),
        }))}
        value={typeof value === 'string' ? value || noAccounting : null}
        onChange={(choice) => onChange(choice === noAccounting || choice === null ? '' : choice)}
        allowDeselect={false}
        error={error}
      />
    );
  }
  if (kind === 'milliseconds' || kind === 'metres' || kind === 'days') {
    const range = parameterNumberRanges[kind];
    return (
      <NumberField
        id={id}
        aria-label={label}
        refusals={refusals}
        value={typeof value === 'number' ? value : ''}
        onChange={(next) => onChange(next === '' ? '' : Number(next))}
        min={range.min}
        max={range.max}
        step={range.step}
        clampBehavior="none"
        allowDecimal={false}
        suffix={numberSuffix(t, kind)}
        thousandSeparator=","
        error={error}
      />
    );
  }
  if (kind === 'text') {
    return (
      <TextInput
        id={id}
        aria-label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.currentTarget.value)}
        maxLength={100}
        error={error}
      />
    );
  }
  return <FormsInput id={id} label={label} value={value} error={error} onChange={onChange} />;
}

/** Forms picked by name, grouped as the menu groups them (R-PARAM-4). */
function FormsInput({ id, label, value, error, onChange }: Omit<InputProps, 'parameterKey'>) {
  const { t } = useTranslation();
  const data = useMemo(() => {
    const forms = disableableForms();
    const names = forms.map((entry) => entryLabel(t, entry));
    const groups = new Map<string, { value: string; label: string }[]>();
    forms.forEach((entry, index) => {
      const name = names[index]!;
      const group = t(`menuGroups.${entry.group}`, { defaultValue: entry.group });
      // A name that is not unique (Concrete under Orders and under Products) carries its group.
      const unique = names.indexOf(name) === names.lastIndexOf(name);
      const items = groups.get(group) ?? [];
      items.push({ value: String(entry.id), label: unique ? name : `${name} (${group})` });
      groups.set(group, items);
    });
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [t]);
  const ids = Array.isArray(value) ? (value as number[]).map(String) : [];
  return (
    <MultiSelect
      id={id}
      aria-label={label}
      data={data}
      value={ids}
      onChange={(next) => onChange(next.map(Number))}
      placeholder={ids.length === 0 ? t('systemParameters.formsPlaceholder') : undefined}
      nothingFoundMessage={t('systemParameters.noForms')}
      searchable
      clearable
      hidePickedOptions
      maxDropdownHeight={280}
      error={error}
    />
  );
}
