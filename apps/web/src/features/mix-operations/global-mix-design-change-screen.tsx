/**
 * Global Mix Design Change (`/operations/global-mix-design-change`, R-MIX-7..R-MIX-14): choose the
 * mixes (plants, strength, description, the mixes using a raw material; untick any), the raw
 * material and what to do with it (replace it by another, same quantity or times a factor; scale
 * it by a percent; set it to a quantity); Preview lists every mix and line before and after with
 * counts; Apply (asked first) sends the previewed versions and writes them all in one transaction;
 * the history below lists what was applied, each with its details and Reverse.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { YesNoDialog } from '../../components/dialogs/yes-no-dialog';
import { orNull } from './mix-change-form';
import { MixChangeHistory } from './mix-change-history';
import { MixChangePreviewPanel } from './mix-change-preview-panel';
import { mixChangeText } from './mix-change-text';
import { MixChangeWhatPanel } from './mix-change-what-panel';
import { MixSelectionPanel } from './mix-selection-panel';
import { useMixDesignChange } from './use-mix-design-change';

export function GlobalMixDesignChangeScreen() {
  const { t, i18n } = useTranslation();
  const entry = menuEntryByEnumId('GlobalMixDesignChange');
  const change = useMixDesignChange();
  const { flags, choices, form, preview } = change;

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
  const materials = new Map(choices.data.rawMaterials.map((material) => [material.id, material]));
  const material = form.rawMaterialId === null ? undefined : materials.get(form.rawMaterialId);
  const replacement =
    form.replacementRawMaterialId === null
      ? undefined
      : materials.get(form.replacementRawMaterialId);
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
        mixes={change.mixes}
        problems={change.problems}
        update={change.update}
        refusals={change.refusedNumbers}
      />

      <MixChangeWhatPanel
        change={change}
        choices={choices.data}
        material={material}
        changeInWords={changeInWords}
      />

      {preview ? (
        <MixChangePreviewPanel answer={preview.answer} current={change.previewIsCurrent} />
      ) : null}

      <MixChangeHistory canWrite={!flags.readOnly} />

      <YesNoDialog
        opened={change.confirming && preview !== null}
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
        onConfirm={change.onConfirm}
        onDeny={() => change.setConfirming(false)}
      />
    </Stack>
  );
}
