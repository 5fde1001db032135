/**
 * One raw material of a recipe being edited (R-MIX-3, R-MIX-4): its place, material, quantity and
 * unit, what it was before the change, and moving (also Alt+↑/↓) or removing it.
 */
import { ActionIcon, Badge, Group, Select, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MixChoices } from '@dispatch/domain/mixes/mix-lists';
import type { RecipeLine } from '@dispatch/domain/mixes/mix-recipe';
import { NumberField } from '../../components/number-field/number-field';
import type { RefusedNumbers } from '../../components/number-field/refused-numbers';
import { moveByAltArrow } from '../../lib/alt-arrow-reorder';
import type { FieldProblems } from '../../lib/field-problems';
import { quantityText, unitText } from './mix-format';
import type { DraftLine } from './use-recipe-draft';

type Option = { value: string; label: string };

export function RecipeLineRow({
  line,
  index,
  count,
  material,
  before,
  materialData,
  unitOptions,
  unitNames,
  separators,
  problems,
  refusedNumbers,
  readOnly,
  update,
  move,
  remove,
}: {
  line: DraftLine;
  index: number;
  /** How many lines the recipe has (the last cannot move down). */
  count: number;
  material: MixChoices['rawMaterials'][number] | undefined;
  /** The line as loaded, if it was there. */
  before: RecipeLine | undefined;
  materialData: Option[];
  unitOptions: Option[];
  unitNames: Map<string, string>;
  separators: { decimalSeparator: string; thousandSeparator: string };
  problems: FieldProblems;
  refusedNumbers: RefusedNumbers;
  readOnly: boolean;
  update: (index: number, patch: Partial<DraftLine>) => void;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const changed =
    !before ||
    before.quantity !== line.quantity ||
    (before.unitOfMeasureId ?? null) !== line.unitOfMeasureId;
  const place = index + 1;
  const name = material?.description ?? t('mixOperations.modify.newLine');
  const problem = (field: string) => problems[`rawMaterials.${index}.${field}`];
  return (
    <Table.Tr
      bg={changed ? 'var(--mantine-color-yellow-0)' : undefined}
      onKeyDown={(event) => {
        if (!readOnly) moveByAltArrow(event, index, count, move);
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
          data={materialData}
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
          onChange={(value) => update(index, { quantity: typeof value === 'number' ? value : '' })}
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
                disabled={index === count - 1}
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
}
