/**
 * R-MIX-3, R-MIX-4: a mix's raw materials edited in place: add, remove, move in the batching
 * order, change quantity and unit; each changed line shows what it was. Checked with the domain's
 * schema before sending (the same the server checks), saved with the version read (Ctrl+S);
 * a 400 shows beside its line, a 409 names who changed the mix, with a reload.
 */
import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MixChoices } from '@dispatch/domain/mixes/mix-lists';
import type { MixDetail } from '@dispatch/domain/mixes/mix-recipe';
import { numberSeparators, quantityText, rawMaterialOption } from './mix-format';
import { RecipeLineRow } from './recipe-line-row';
import { useRecipeDraft } from './use-recipe-draft';

type Props = {
  mix: MixDetail;
  choices: MixChoices;
  readOnly: boolean;
};

export function RecipeEditor({ mix, choices, readOnly }: Props) {
  const { t, i18n } = useTranslation();
  const recipe = useRecipeDraft(mix, readOnly);
  const { lines, loaded, problems, failure, dirty, reload } = recipe;

  const separators = numberSeparators(i18n.language);
  const materials = new Map(choices.rawMaterials.map((material) => [material.id, material]));
  const was = new Map(loaded.lines.map((line) => [line.rawMaterialId, line]));

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
      {recipe.changedUnderneath && dirty ? (
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
            {lines.map((line, index) => (
              <RecipeLineRow
                key={line.key}
                line={line}
                index={index}
                count={lines.length}
                material={
                  line.rawMaterialId === null ? undefined : materials.get(line.rawMaterialId)
                }
                before={line.rawMaterialId === null ? undefined : was.get(line.rawMaterialId)}
                materialData={materialOptions(line.rawMaterialId)}
                unitOptions={unitOptions}
                unitNames={unitNames}
                separators={separators}
                problems={problems}
                refusedNumbers={recipe.refusedNumbers}
                readOnly={readOnly}
                update={recipe.update}
                move={recipe.move}
                remove={recipe.remove}
              />
            ))}
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
            <Button variant="light" size="xs" onClick={recipe.add}>
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
              value={recipe.note}
              onChange={(event) => recipe.setNote(event.currentTarget.value)}
              maxLength={200}
              error={problems.note}
              style={{ flex: 1 }}
            />
            <Button variant="default" onClick={reload} disabled={!dirty || recipe.savingPending}>
              {t('mixOperations.modify.undo')}
            </Button>
            <Button onClick={recipe.handleSave} loading={recipe.savingPending} disabled={!dirty}>
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
              <Button size="xs" variant="light" onClick={recipe.reloadAfterConflict}>
                {t('mixOperations.modify.reload')}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}
