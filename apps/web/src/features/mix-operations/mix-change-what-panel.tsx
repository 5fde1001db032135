/**
 * What a global change does (R-MIX-9..R-MIX-11): the raw material, then replace it (by another,
 * times a factor), scale it by a percent, or set its quantity; said in words, then Preview and
 * Apply.
 */
import { Alert, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MixChoices } from '@dispatch/domain/mixes/mix-lists';
import { NumberField } from '../../components/number-field/number-field';
import { PreviewApplyActions } from '../../components/preview/preview-apply-actions';
import { numberSeparators, rawMaterialOption, unitText } from './mix-format';
import { MixSection } from './mix-section';
import type { MixDesignChange } from './use-mix-design-change';

export function MixChangeWhatPanel({
  change,
  choices,
  material,
  changeInWords,
}: {
  change: MixDesignChange;
  choices: MixChoices;
  /** The raw material chosen, if any. */
  material: MixChoices['rawMaterials'][number] | undefined;
  changeInWords: string;
}) {
  const { t, i18n } = useTranslation();
  const { form, update, problems, failure, refusedNumbers, preview } = change;
  const separators = numberSeparators(i18n.language);
  const materialData = choices.rawMaterials
    .filter((each) => !each.inactive || each.id === form.rawMaterialId)
    .map(rawMaterialOption);
  const amountReady =
    form.action === 'replace'
      ? form.replacementRawMaterialId !== null
      : form.action === 'scale'
        ? form.percent !== '' && form.percent !== 0
        : form.quantity !== '';
  const canPreview = form.rawMaterialId !== null && amountReady;

  return (
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
        onPreview={change.onPreview}
        onApply={change.onApply}
        previewing={change.previewing}
        canPreview={canPreview}
        previewed={preview !== null}
        current={change.previewIsCurrent}
        hasRows={(preview?.answer.mixes.length ?? 0) > 0}
        canApply={!change.flags.readOnly}
      />
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
    </MixSection>
  );
}
