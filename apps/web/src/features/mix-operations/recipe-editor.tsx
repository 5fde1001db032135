/**
 * R-MIX-3, R-MIX-4: a mix's raw materials edited in place: add, remove, move in the batching
 * order, change quantity and unit; each changed line shows what it was. Checked with the domain's
 * schema before sending (the same the server checks), saved with the version read (Ctrl+S);
 * a 400 shows beside its line, a 409 names who changed the mix, with a reload.
 */
import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MixChoices } from '@dispatch/domain/mixes/mix-lists';
import {
  mixRecipeUpdateSchema,
  type MixDetail,
  type RecipeLine,
} from '@dispatch/domain/mixes/mix-recipe';
import { movedItem } from '@dispatch/domain/mixes/raw-material-ranking';
import { NumberField } from '../../components/number-field/number-field';
import { useRefusedNumbers } from '../../components/number-field/refused-numbers';
import { ApiError } from '../../lib/api-client';
import { fieldProblemsOf, parseProblemsOf, type FieldProblems } from '../../lib/field-problems';
import { moveByAltArrow } from '../../lib/alt-arrow-reorder';
import { numberSeparators, quantityText, rawMaterialOption, unitText } from './mix-format';
import { mixKeys, saveMixRecipe } from './mix-operations-api';

type DraftLine = {
  key: string;
  rawMaterialId: number | null;
  quantity: number | '';
  unitOfMeasureId: number | null;
};

let nextKey = 0;
const newKey = () => `line-${(nextKey += 1)}`;

function draftOf(lines: readonly RecipeLine[]): DraftLine[] {
  return lines.map((line) => ({
    key: `stored-${line.rawMaterialId}`,
    rawMaterialId: line.rawMaterialId,
    quantity: line.quantity,
    unitOfMeasureId: line.unitOfMeasureId,
  }));
}

const comparable = (lines: readonly DraftLine[]) =>
  JSON.stringify(lines.map(({ key: _key, ...line }) => line));

type Props = {
  mix: MixDetail;
  choices: MixChoices;
  readOnly: boolean;
};

// eslint-disable-next-line max-lines-per-function -- still to split (godfiles helper ran out of time)
export function RecipeEditor({ mix, choices, readOnly }: Props) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<DraftLine[]>(() => draftOf(mix.lines));
  const [loaded, setLoaded] = useState({ version: mix.version, lines: mix.lines });
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  const refusedNumbers = useRefusedNumbers();
  // After a 409 the clerk chose to reload: the next version fetched replaces their lines.
  const [discarding, setDiscarding] = useState(false);
  const dirty = comparable(lines) !== comparable(draftOf(loaded.lines)) || note.trim() !== '';

  // Someone saved the mix (the hub refetched it): take it, unless the clerk is mid-change.
  const changedUnderneath = mix.version !== loaded.version;
  const reload = () => {
    setLoaded({ version: mix.version, lines: mix.lines });
    setLines(draftOf(mix.lines));
    setNote('');
    setProblems({});
    setFailure(null);
    setDiscarding(false);
  };
  if (changedUnderneath && (!dirty || discarding)) reload();

  const separators = numberSeparators(i18n.language);
  const materials = new Map(choices.rawMaterials.map((material) => [material.id, material]));
  const was = new Map(loaded.lines.map((line) => [line.rawMaterialId, line]));

  const saving = useMutation({
    mutationFn: () => {
      const update = {
        version: loaded.version,
        note,
        rawMaterials: lines.map((line) => ({
          rawMaterialId: line.rawMaterialId ?? undefined,
          quantity: line.quantity === '' ? undefined : line.quantity,
          unitOfMeasureId: line.unitOfMeasureId,
        })),
      };
      const parsed = mixRecipeUpdateSchema.safeParse(update);
      if (!parsed.success) {
        setProblems(parseProblemsOf(parsed.error.issues));
        return Promise.reject(new Error(t('mixOperations.modify.fixFields')));
      }
      return saveMixRecipe(mix.id, parsed.data);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(mixKeys.mix(mix.id), saved);
      void queryClient.invalidateQueries({ queryKey: mixKeys.lists() });
      setLoaded({ version: saved.version, lines: saved.lines });
      setLines(draftOf(saved.lines));
      setNote('');
      setProblems({});
      setFailure(null);
      notifications.show({
        color: 'green',
        message: t('mixOperations.modify.saved', { mix: saved.description }),
      });
    },
    onError: (error) => {
      const fields = fieldProblemsOf(error);
      if (Object.keys(fields).length > 0) setProblems(fields);
      setFailure({
        message: error.message,
        stale: error instanceof ApiError && error.status === 409,
      });
    },
  });

  const handleSave = () => {
    if (readOnly || !dirty || saving.isPending) return;
    // R-INPUT-1: a quantity holding text it refused is not saved; the field says why.
    if (refusedNumbers.focusFirst()) return;
    setFailure(null);
    saving.mutate();
  };
  useHotkeys([['mod+S', handleSave]], []);

  const update = (index: number, patch: Partial<DraftLine>) => {
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...patch } : line)));
    setProblems({});
  };
  const move = (from: number, to: number) => setLines((current) => movedItem(current, from, to));
  const remove = (index: number) => setLines((current) => current.filter((_, at) => at !== index));
  const add = () =>
    setLines((current) => [
      ...current,
      { key: newKey(), rawMaterialId: null, quantity: '', unitOfMeasureId: null },
    ]);

  const used = new Set(lines.map((line) => line.rawMaterialId));
  const materialOptions = (current: number | null) =>
    choices.rawMaterials
      .filter(
        (material) => material.id === current || (!used.has(material.id) && !material.inactive),
      )
      .map(rawMaterialOption);
  const unitOptions = choices.units.map((unit) => ({
    value: String(unit.id),
    label: unit.abbreviation,
  }));
  const unitNames = new Map(choices.units.map((unit) => [String(unit.id), unit.name]));

  return (
    <Stack gap="sm">
      {changedUnderneath && dirty ? (
        <Alert color="yellow" title={t('mixOperations.modify.changedTitle')}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {t('mixOperations.modify.changedText', { who: mix.modifiedBy || '—' })}
            </Text>
            <Button size="xs" variant="light" onClick={reload}>
              {t('mixOperations.modify.reload')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing={4} aria-label={t('mixOperations.modify.recipe')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32}>#</Table.Th>
              <Table.Th>{t('mixOperations.modify.rawMaterial')}</Table.Th>
              <Table.Th w={140} style={{ whiteSpace: 'nowrap' }}>
                {t('mixOperations.modify.quantity')}
              </Table.Th>
              <Table.Th w={120}>{t('mixOperations.modify.unit')}</Table.Th>
              <Table.Th w={110}>{t('mixOperations.modify.was')}</Table.Th>
              {readOnly ? null : <Table.Th w={96} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => {
              const material =
                line.rawMaterialId === null ? undefined : materials.get(line.rawMaterialId);
              const before = line.rawMaterialId === null ? undefined : was.get(line.rawMaterialId);
              const changed =
                !before ||
                before.quantity !== line.quantity ||
                (before.unitOfMeasureId ?? null) !== line.unitOfMeasureId;
              const place = index + 1;
              const name = material?.description ?? t('mixOperations.modify.newLine');
              const problem = (field: string) => problems[`rawMaterials.${index}.${field}`];
              return (
                <Table.Tr
                  key={line.key}
                  bg={changed ? 'var(--mantine-color-yellow-0)' : undefined}
                  onKeyDown={(event) => {
                    if (!readOnly) moveByAltArrow(event, index, lines.length, move);
                  }}
                >
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {place}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('mixOperations.modify.rawMaterialOf', { place })}
                      data={materialOptions(line.rawMaterialId)}
                      value={line.rawMaterialId === null ? null : String(line.rawMaterialId)}
                      onChange={(value) =>
                        update(index, {
                          rawMaterialId: value === null ? null : Number(value),
                          unitOfMeasureId: null,
                        })
                      }
                      searchable
                      readOnly={readOnly}
                      error={problem('rawMaterialId')}
                      placeholder={t('mixOperations.modify.chooseRawMaterial')}
                      comboboxProps={{ withinPortal: true }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberField
                      aria-label={t('mixOperations.modify.quantityOf', { name })}
                      refusals={refusedNumbers}
                      value={line.quantity}
                      onChange={(value) =>
                        update(index, { quantity: typeof value === 'number' ? value : '' })
                      }
                      min={0}
                      decimalScale={3}
                      {...separators}
                      readOnly={readOnly}
                      error={problem('quantity')}
                      rightSectionWidth={40}
                      rightSection={
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {unitText(line.unitOfMeasureId ?? material?.unitOfMeasureId)}
                        </Text>
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('mixOperations.modify.unitOf', { name })}
                      data={unitOptions}
                      value={line.unitOfMeasureId === null ? null : String(line.unitOfMeasureId)}
                      onChange={(value) =>
                        update(index, { unitOfMeasureId: value === null ? null : Number(value) })
                      }
                      placeholder={
                        material
                          ? t('mixOperations.modify.ownUnit', {
                              unit: unitText(material.unitOfMeasureId),
                            })
                          : undefined
                      }
                      renderOption={({ option }) => (
                        <Text size="sm">
                          {option.label} · {unitNames.get(option.value)}
                        </Text>
                      )}
                      clearable
                      readOnly={readOnly}
                      error={problem('unitOfMeasureId')}
                      comboboxProps={{ withinPortal: true }}
                    />
                  </Table.Td>
                  <Table.Td>
                    {!before ? (
                      <Badge size="sm" variant="light" color="green" tt="none">
                        {t('mixOperations.modify.added')}
                      </Badge>
                    ) : changed ? (
                      <Text size="sm" c="dimmed" td="line-through">
                        {quantityText(
                          i18n.language,
                          before.quantity,
                          before.unitOfMeasureId ?? before.rawMaterialUnitId,
                        )}
                      </Text>
                    ) : null}
                  </Table.Td>
                  {readOnly ? null : (
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        <Tooltip label={t('mixOperations.modify.moveUp')}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            disabled={index === 0}
                            onClick={() => move(index, index - 1)}
                            aria-label={t('mixOperations.modify.moveUpOf', { name })}
                          >
                            ↑
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('mixOperations.modify.moveDown')}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            disabled={index === lines.length - 1}
                            onClick={() => move(index, index + 1)}
                            aria-label={t('mixOperations.modify.moveDownOf', { name })}
                          >
                            ↓
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('mixOperations.modify.remove')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => remove(index)}
                            aria-label={t('mixOperations.modify.removeOf', { name })}
                          >
                            ✕
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {[...loaded.lines]
        .filter((line) => !lines.some((draft) => draft.rawMaterialId === line.rawMaterialId))
        .map((line) => (
          <Text key={line.rawMaterialId} size="sm" c="red.8">
            {t('mixOperations.modify.removing', {
              name: `${line.code} · ${line.description}`,
              quantity: quantityText(
                i18n.language,
                line.quantity,
                line.unitOfMeasureId ?? line.rawMaterialUnitId,
              ),
            })}
          </Text>
        ))}
      {problems.rawMaterials ? (
        <Text size="sm" c="red" role="alert">
          {problems.rawMaterials}
        </Text>
      ) : null}
      {readOnly ? null : (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <Button variant="light" size="xs" onClick={add}>
              {t('mixOperations.modify.addLine')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('mixOperations.modify.keys')}
            </Text>
          </Group>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('mixOperations.modify.note')}
              placeholder={t('mixOperations.modify.notePlaceholder')}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={200}
              error={problems.note}
              style={{ flex: 1 }}
            />
            <Button variant="default" onClick={reload} disabled={!dirty || saving.isPending}>
              {t('mixOperations.modify.undo')}
            </Button>
            <Button onClick={handleSave} loading={saving.isPending} disabled={!dirty}>
              {t('mixOperations.modify.save')}
            </Button>
          </Group>
        </>
      )}
      {failure ? (
        <Alert color={failure.stale ? 'orange' : 'red'} role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{failure.message}</Text>
            {failure.stale ? (
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  setDiscarding(true);
                  void queryClient.invalidateQueries({ queryKey: mixKeys.mix(mix.id) });
                }}
              >
                {t('mixOperations.modify.reload')}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}
