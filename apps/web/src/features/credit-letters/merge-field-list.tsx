/** R-CREDIT-7: the merge fields beside the editor, each inserted at the caret with a click. */
import { Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { letterMergeFields } from '@dispatch/domain/credit/merge-fields';
import classes from './merge-field-list.module.css';

export function MergeFieldList(props: { disabled: boolean; onInsert: (key: string) => void }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={t('creditLetters.editor.mergeFields')}
    >
      <Text size="sm" fw={700}>
        {t('creditLetters.editor.mergeFields')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('creditLetters.editor.mergeFieldsHint')}
      </Text>
      <Stack gap={2}>
        {letterMergeFields.map((field) => {
          const label = t(`creditLetters.fields.${field.key}`, { defaultValue: field.label });
          return (
            <Tooltip
              key={field.key}
              label={t(`creditLetters.fieldHints.${field.key}`, { defaultValue: field.hint })}
              position="left"
              withinPortal
              openDelay={400}
            >
              <UnstyledButton
                className={classes.field}
                disabled={props.disabled}
                // Keep the caret where it is in the subject or letter.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => props.onInsert(field.key)}
                aria-label={t('creditLetters.editor.insert', { field: label })}
              >
                <Text size="sm">{label}</Text>
                <Text size="xs" c="dimmed" ff="monospace">{`{{${field.key}}}`}</Text>
              </UnstyledButton>
            </Tooltip>
          );
        })}
      </Stack>
    </Paper>
  );
}
