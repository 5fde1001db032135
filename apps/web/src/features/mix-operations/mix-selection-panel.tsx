/**
 * Which mixes a global change touches (R-MIX-7, R-MIX-8): plants, strength, description, the raw
 * material they use; the matching mixes listed, each of which the clerk may untick.
 */
import {
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  ScrollArea,
  Select,
  SimpleGrid,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MixChoices, MixListRow } from '@dispatch/domain/mixes/mix-lists';
import { NumberField } from '../../components/number-field/number-field';
import type { RefusedNumbers } from '../../components/number-field/refused-numbers';
import type { FieldProblems } from '../../lib/field-problems';
import type { MixChangeForm } from './mix-change-form';
import { numberText, rawMaterialOption } from './mix-format';
import { MixSection } from './mix-section';

export function MixSelectionPanel({
  form,
  choices,
  mixes,
  problems,
  update,
  refusals,
}: {
  form: MixChangeForm;
  choices: MixChoices;
  mixes: UseQueryResult<{ count: number; data: MixListRow[] }>;
  problems: FieldProblems;
  update: (patch: Partial<MixChangeForm>) => void;
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
