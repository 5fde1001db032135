/**
 * Global Mix Design Change (`/operations/global-mix-design-change`, R-MIX-7..R-MIX-14): choose the
 * mixes (plants, strength, description, the mixes using a raw material; untick any), the raw
 * material and what to do with it (replace it by another, same quantity or times a factor; scale
 * it by a percent; set it to a quantity); Preview lists every mix and line before and after with
 * counts; Apply (asked first) sends the previewed versions and writes them all in one transaction;
 * the history below lists what was applied, each with its details and Reverse.
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import type {
  MixChangeAction,
  MixChangePreview,
  MixChangeRequestInput,
  MixSelectionInput,
} from '@dispatch/domain/mixes/mix-design-change';
import type { MixChoices, MixListRow } from '@dispatch/domain/mixes/mix-lists';
import { YesNoDialog } from '../../components/dialogs/yes-no-dialog';
import { NumberField } from '../../components/number-field/number-field';
import {
  useRefusedNumbers,
  type RefusedNumbers,
} from '../../components/number-field/refused-numbers';
import { PreviewApplyActions } from '../../components/preview/preview-apply-actions';
import { ApiError } from '../../lib/api-client';
import { fieldProblemsOf, type FieldProblems } from '../../lib/field-problems';
import { useMixAccess } from './mix-access';
import { MixChangeHistory } from './mix-change-history';
import { MixChangeTable } from './mix-change-table';
import { mixChangeText } from './mix-change-text';
import { numberSeparators, numberText, rawMaterialOption, unitText } from './mix-format';
import { MixSection } from './mix-section';
import {
  applyMixChange,
  mixChoicesQuery,
  mixKeys,
  mixListQuery,
  previewMixChange,
} from './mix-operations-api';
import { useMixOperationsLive } from './use-mix-operations-live';

type FormState = {
  plantIds: number[];
  strengthMin: number | '';
  strengthMax: number | '';
  search: string;
  usingRawMaterialId: number | null;
  includeInactive: boolean;
  /** Mixes the clerk unticked in the list. */
  excluded: number[];
  rawMaterialId: number | null;
  action: MixChangeAction;
  replacementRawMaterialId: number | null;
  factor: number | '';
  percent: number | '';
  quantity: number | '';
  description: string;
};

const emptyForm: FormState = {
  plantIds: [],
  strengthMin: '',
  strengthMax: '',
  search: '',
  usingRawMaterialId: null,
  includeInactive: false,
  excluded: [],
  rawMaterialId: null,
  action: 'replace',
  replacementRawMaterialId: null,
  factor: 1,
  percent: '',
  quantity: '',
  description: '',
};

/** How many matching mixes the list shows (and the clerk may untick). */
const listLimit = 500;

const orNull = (value: number | '') => (value === '' ? null : value);

function filtersOf(form: FormState, search: string): MixSelectionInput {
  return {
    plantIds: form.plantIds,
    search,
    strengthMin: orNull(form.strengthMin),
    strengthMax: orNull(form.strengthMax),
    // The list shows the mixes the change can touch: those using its raw material, unless
    // the clerk narrows by another.
    usingRawMaterialId: form.usingRawMaterialId ?? form.rawMaterialId,
    includeInactive: form.includeInactive,
  };
}

function requestOf(form: FormState, listed: readonly number[]): MixChangeRequestInput {
  const excluded = new Set(form.excluded);
  return {
    selection: {
      plantIds: form.plantIds,
      search: form.search,
      strengthMin: orNull(form.strengthMin),
      strengthMax: orNull(form.strengthMax),
      usingRawMaterialId: form.usingRawMaterialId,
      includeInactive: form.includeInactive,
      mixIds: excluded.size > 0 ? listed.filter((id) => !excluded.has(id)) : [],
    },
    rawMaterialId: form.rawMaterialId ?? 0,
    action: form.action,
    replacementRawMaterialId: form.action === 'replace' ? form.replacementRawMaterialId : null,
    factor: form.action === 'replace' ? orNull(form.factor) : null,
    percent: form.action === 'scale' ? orNull(form.percent) : null,
    quantity: form.action === 'set' ? orNull(form.quantity) : null,
    description: form.description,
  };
}

function MixSelectionPanel({
  form,
  choices,
  mixes,
  problems,
  update,
  refusals,
}: {
  form: FormState;
  choices: MixChoices;
  mixes: UseQueryResult<{ count: number; data: MixListRow[] }>;
  problems: FieldProblems;
  update: (patch: Partial<FormState>) => void;
  /** The screen's refused number fields (R-INPUT-1). */
  refusals: RefusedNumbers;
}) {
  const { t, i18n } = useTranslation();
  const rows = mixes.data?.data ?? [];
  const excluded = new Set(form.excluded);
  const materialData = choices.rawMaterials.map(rawMaterialOption);
  const chosenCount = rows.filter((row) => !excluded.has(row.id)).length;
  return (
    <MixSection title={t('mixOperations.change.which')}>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }} spacing="md">
        <MultiSelect
          label={t('mixOperations.change.plants')}
          placeholder={t('mixOperations.change.allPlants')}
          data={choices.plants.map((plant) => ({
            value: String(plant.id),
            label: plant.description,
          }))}
          value={form.plantIds.map(String)}
          onChange={(values) => update({ plantIds: values.map(Number), excluded: [] })}
          error={problems['selection.plantIds']}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Group gap="xs" grow align="flex-start">
          <NumberField
            label={t('mixOperations.change.strengthFrom')}
            refusals={refusals}
            value={form.strengthMin}
            onChange={(value) =>
              update({ strengthMin: typeof value === 'number' ? value : '', excluded: [] })
            }
            min={0}
            allowNegative={false}
            suffix=" psi"
            error={problems['selection.strengthMin']}
          />
          <NumberField
            label={t('mixOperations.change.strengthTo')}
            refusals={refusals}
            value={form.strengthMax}
            onChange={(value) =>
              update({ strengthMax: typeof value === 'number' ? value : '', excluded: [] })
            }
            min={0}
            allowNegative={false}
            suffix=" psi"
            error={problems['selection.strengthMax']}
          />
        </Group>
        <TextInput
          type="search"
          label={t('mixOperations.change.search')}
          placeholder={t('mixOperations.change.searchPlaceholder')}
          value={form.search}
          onChange={(event) => update({ search: event.currentTarget.value, excluded: [] })}
          error={problems['selection.search']}
        />
        <Select
          label={t('mixOperations.change.using')}
          placeholder={t('mixOperations.change.usingPlaceholder')}
          data={materialData}
          value={form.usingRawMaterialId === null ? null : String(form.usingRawMaterialId)}
          onChange={(value) =>
            update({ usingRawMaterialId: value === null ? null : Number(value), excluded: [] })
          }
          searchable
          clearable
          error={problems['selection.usingRawMaterialId']}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Checkbox
        label={t('mixOperations.change.includeInactive')}
        checked={form.includeInactive}
        onChange={(event) => update({ includeInactive: event.currentTarget.checked, excluded: [] })}
      />
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('mixOperations.change.matching', { count: mixes.data?.count ?? 0 })}
          {form.excluded.length > 0
            ? ` · ${t('mixOperations.change.chosen', { count: chosenCount })}`
            : ''}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="subtle" onClick={() => update({ excluded: [] })}>
            {t('mixOperations.change.tickAll')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => update({ excluded: rows.map((row) => row.id) })}
          >
            {t('mixOperations.change.tickNone')}
          </Button>
        </Group>
      </Group>
      {(mixes.data?.count ?? 0) > rows.length ? (
        <Text size="xs" c="dimmed">
          {t('mixOperations.change.firstShown', { count: rows.length })}
        </Text>
      ) : null}
      <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars="y">
        <Table verticalSpacing={3} fz="sm" aria-label={t('mixOperations.change.matchingTable')}>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td w={36}>
                  <Checkbox
                    aria-label={row.description}
                    checked={!excluded.has(row.id)}
                    onChange={(event) =>
                      update({
                        excluded: event.currentTarget.checked
                          ? form.excluded.filter((id) => id !== row.id)
                          : [...form.excluded, row.id],
                      })
                    }
                  />
                </Table.Td>
                <Table.Td>{row.description}</Table.Td>
                <Table.Td c="dimmed">{row.productNumber}</Table.Td>
                <Table.Td>{row.plantName}</Table.Td>
                <Table.Td ta="right">
                  {row.strength === null ? '' : `${numberText(i18n.language, row.strength)} psi`}
                </Table.Td>
                <Table.Td>
                  {row.inactiveFlag ? (
                    <Badge size="xs" color="gray" variant="light" tt="none">
                      {t('mixOperations.inactive')}
                    </Badge>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {problems['selection.mixIds'] || problems.selection ? (
        <Text size="sm" c="red" role="alert">
          {problems['selection.mixIds'] ?? problems.selection}
        </Text>
      ) : null}
    </MixSection>
  );
}

// eslint-disable-next-line max-lines-per-function -- still to split (godfiles helper ran out of time)
export function GlobalMixDesignChangeScreen() {
  const { t, i18n } = useTranslation();
  const flags = useMixAccess('GlobalMixDesignChange');
  const entry = menuEntryByEnumId('GlobalMixDesignChange');
  const queryClient = useQueryClient();
  const choices = useQuery({ ...mixChoicesQuery(), enabled: !flags.none });
  const [form, setForm] = useState<FormState>(emptyForm);
  const [preview, setPreview] = useState<{
    key: string;
    request: MixChangeRequestInput;
    answer: MixChangePreview;
  } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  // R-INPUT-1: nothing is previewed or applied while a number holds text it refused.
  const refusedNumbers = useRefusedNumbers();
  useMixOperationsLive();
  const [debouncedSearch] = useDebouncedValue(form.search, 200);
  const mixes = useQuery(mixListQuery(filtersOf(form, debouncedSearch), listLimit, !flags.none));
  const request = requestOf(
    form,
    (mixes.data?.data ?? []).map((row) => row.id),
  );
  const requestKey = JSON.stringify(request);
  const previewIsCurrent = preview !== null && preview.key === requestKey;
  const update = (patch: Partial<FormState>) => {
    setForm((current) => ({ ...current, ...patch }));
    setProblems({});
    setFailure(null);
  };

  const showFailure = (error: Error) => {
    const fields = fieldProblemsOf(error);
    setProblems(fields);
    setFailure(Object.keys(fields).length > 0 ? null : error.message);
  };
  const previewing = useMutation({
    mutationFn: previewMixChange,
    onSuccess: (answer, sent) => {
      setPreview({ key: JSON.stringify(sent), request: sent, answer });
      setProblems({});
      setFailure(null);
    },
    onError: showFailure,
  });
  const applying = useMutation({
    mutationFn: applyMixChange,
    onSuccess: (change) => {
      setConfirming(false);
      setPreview(null);
      notifications.show({
        color: 'green',
        message: t('mixOperations.change.appliedText', {
          count: change.mixCount,
          change: mixChangeText(t, i18n.language, change),
        }),
      });
      void queryClient.invalidateQueries({ queryKey: mixKeys.all });
    },
    onError: (error) => {
      setConfirming(false);
      // A mix changed since the preview: what was previewed is no longer what would be written.
      if (error instanceof ApiError && error.status === 409) setPreview(null);
      showFailure(error);
    },
  });

  if (flags.none) {
    return (
      <Alert color="red" m="md">
        {t('mixOperations.noAccess')}
      </Alert>
    );
  }
  if (!choices.data) {
    return choices.isError ? (
      <Alert color="red" m="md" role="alert">
        {choices.error.message}
      </Alert>
    ) : (
      <Text p="md">{t('app.loading')}</Text>
    );
  }
  const separators = numberSeparators(i18n.language);
  const materials = new Map(choices.data.rawMaterials.map((material) => [material.id, material]));
  const material = form.rawMaterialId === null ? undefined : materials.get(form.rawMaterialId);
  const replacement =
    form.replacementRawMaterialId === null
      ? undefined
      : materials.get(form.replacementRawMaterialId);
  const materialData = choices.data.rawMaterials
    .filter((each) => !each.inactive || each.id === form.rawMaterialId)
    .map(rawMaterialOption);
  const amountReady =
    form.action === 'replace'
      ? form.replacementRawMaterialId !== null
      : form.action === 'scale'
        ? form.percent !== '' && form.percent !== 0
        : form.quantity !== '';
  const canPreview = form.rawMaterialId !== null && amountReady;
  const changeInWords = material
    ? mixChangeText(t, i18n.language, {
        action: form.action,
        rawMaterial: material,
        replacement,
        factor: orNull(form.factor),
        percent: orNull(form.percent),
        quantity: orNull(form.quantity),
      })
    : '';

  return (
    <Stack gap="lg" p="md" maw={1400}>
      <div>
        <Title order={2}>{entry ? t(entry.translationId, { defaultValue: entry.name }) : ''}</Title>
        <Text size="sm" c="dimmed">
          {t('mixOperations.change.intro')}
        </Text>
      </div>
      {flags.readOnly ? <Alert color="yellow">{t('mixOperations.readOnlyPreview')}</Alert> : null}

      <MixSelectionPanel
        form={form}
        choices={choices.data}
        mixes={mixes}
        problems={problems}
        update={update}
        refusals={refusedNumbers}
      />

      <MixSection title={t('mixOperations.change.what')}>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t('mixOperations.change.rawMaterial')}
            placeholder={t('mixOperations.modify.chooseRawMaterial')}
            data={materialData}
            value={form.rawMaterialId === null ? null : String(form.rawMaterialId)}
            onChange={(value) =>
              update({ rawMaterialId: value === null ? null : Number(value), excluded: [] })
            }
            searchable
            required
            error={problems.rawMaterialId}
            w={320}
            comboboxProps={{ withinPortal: true }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="mix-change-action">
              {t('mixOperations.change.action')}
            </Text>
            <SegmentedControl
              aria-labelledby="mix-change-action"
              value={form.action}
              onChange={(value) => update({ action: value })}
              data={[
                { value: 'replace', label: t('mixOperations.change.replace') },
                { value: 'scale', label: t('mixOperations.change.scale') },
                { value: 'set', label: t('mixOperations.change.set') },
              ]}
            />
          </Stack>
        </Group>
        <Group align="flex-start" gap="md" wrap="wrap">
          {form.action === 'replace' ? (
            <>
              <Select
                label={t('mixOperations.change.replacement')}
                placeholder={t('mixOperations.modify.chooseRawMaterial')}
                data={materialData.filter((each) => each.value !== String(form.rawMaterialId))}
                value={
                  form.replacementRawMaterialId === null
                    ? null
                    : String(form.replacementRawMaterialId)
                }
                onChange={(value) =>
                  update({ replacementRawMaterialId: value === null ? null : Number(value) })
                }
                searchable
                required
                error={problems.replacementRawMaterialId}
                w={320}
                comboboxProps={{ withinPortal: true }}
              />
              <NumberField
                label={t('mixOperations.change.factor')}
                refusals={refusedNumbers}
                description={t('mixOperations.change.factorHint')}
                value={form.factor}
                onChange={(value) => update({ factor: typeof value === 'number' ? value : '' })}
                min={0}
                max={1000}
                decimalScale={6}
                decimalSeparator={separators.decimalSeparator}
                allowNegative={false}
                error={problems.factor}
                w={200}
              />
            </>
          ) : form.action === 'scale' ? (
            <NumberField
              label={t('mixOperations.change.percent')}
              refusals={refusedNumbers}
              description={t('mixOperations.change.percentHint')}
              value={form.percent}
              onChange={(value) => update({ percent: typeof value === 'number' ? value : '' })}
              min={-100}
              max={1000}
              decimalScale={4}
              decimalSeparator={separators.decimalSeparator}
              suffix=" %"
              error={problems.percent}
              w={200}
              required
            />
          ) : (
            <NumberField
              label={t('mixOperations.change.quantity')}
              refusals={refusedNumbers}
              description={t('mixOperations.change.quantityHint')}
              value={form.quantity}
              onChange={(value) => update({ quantity: typeof value === 'number' ? value : '' })}
              min={0}
              decimalScale={3}
              allowNegative={false}
              {...separators}
              rightSection={
                <Text size="xs" c="dimmed">
                  {unitText(material?.unitOfMeasureId)}
                </Text>
              }
              error={problems.quantity}
              w={200}
              required
            />
          )}
          <TextInput
            label={t('mixOperations.change.description')}
            placeholder={t('mixOperations.change.descriptionPlaceholder')}
            value={form.description}
            onChange={(event) => update({ description: event.currentTarget.value })}
            maxLength={200}
            error={problems.description}
            style={{ flex: 1, minWidth: 240 }}
          />
        </Group>
        {changeInWords ? (
          <Text size="sm" fw={500}>
            {changeInWords}
          </Text>
        ) : null}
        <PreviewApplyActions
          previewText={t('mixOperations.change.preview')}
          applyText={t('mixOperations.change.apply')}
          previewAgainText={t('mixOperations.change.previewAgain')}
          onPreview={() => {
            if (!refusedNumbers.focusFirst()) previewing.mutate(request);
          }}
          onApply={() => {
            if (!refusedNumbers.focusFirst()) setConfirming(true);
          }}
          previewing={previewing.isPending}
          canPreview={canPreview}
          previewed={preview !== null}
          current={previewIsCurrent}
          hasRows={(preview?.answer.mixes.length ?? 0) > 0}
          canApply={!flags.readOnly}
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
      </MixSection>

      {preview ? (
        <MixSection title={t('mixOperations.change.previewTitle')} dimmed={!previewIsCurrent}>
          <Group gap="xs">
            <Badge variant="light" size="lg" tt="none">
              {t('mixOperations.change.mixCount', { count: preview.answer.totals.mixes })}
            </Badge>
            <Badge variant="light" size="lg" color="grape" tt="none">
              {t('mixOperations.change.lineCount', { count: preview.answer.totals.lines })}
            </Badge>
            <Badge variant="light" size="lg" color="teal" tt="none">
              {t('mixOperations.change.plantCount', { count: preview.answer.totals.plants })}
            </Badge>
            <Badge variant="light" size="lg" color="gray" tt="none">
              {t('mixOperations.change.unchanged', { count: preview.answer.totals.unchanged })}
            </Badge>
            {preview.answer.totals.skipped > 0 ? (
              <Badge variant="light" size="lg" color="orange" tt="none">
                {t('mixOperations.change.skipped', { count: preview.answer.totals.skipped })}
              </Badge>
            ) : null}
          </Group>
          {preview.answer.skipped.map((skip) => (
            <Text key={skip.mixId} size="sm" c="orange.8">
              {t(`mixOperations.change.skipReasons.${skip.reason}`, {
                mix: skip.description,
                plant: skip.plantName,
              })}
            </Text>
          ))}
          {preview.answer.mixes.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('mixOperations.change.noRows')}
            </Text>
          ) : (
            <MixChangeTable
              mixes={preview.answer.mixes}
              label={t('mixOperations.change.previewTitle')}
            />
          )}
        </MixSection>
      ) : null}

      <MixChangeHistory canWrite={!flags.readOnly} />

      <YesNoDialog
        opened={confirming && preview !== null}
        title={t('mixOperations.change.confirmTitle')}
        text={
          preview
            ? t('mixOperations.change.confirmText', {
                count: preview.answer.totals.mixes,
                change: changeInWords,
              })
            : ''
        }
        confirmText={t('mixOperations.change.apply')}
        denyText={t('mixOperations.cancel')}
        onConfirm={() =>
          preview &&
          applying.mutate({
            ...preview.request,
            versions: preview.answer.mixes.map((mix) => ({
              mixId: mix.mixId,
              version: mix.version,
            })),
          })
        }
        onDeny={() => setConfirming(false)}
      />
    </Stack>
  );
}
