/** The template's fields: name, language, active, and the subject and letter with merge fields. */
import type { RefObject } from 'react';
import { Group, Paper, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Controller, type Control, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { unknownMergeFieldProblems } from '@dispatch/domain/credit/merge-fields';
import { templateLanguages } from '@dispatch/domain/credit/letter-templates';
import { MergeFieldInput } from './merge-field-input';
import type { TemplateTextPart } from './use-letter-template-editor';

type TextElement = HTMLInputElement | HTMLTextAreaElement;

// The domain's own check, as the text is typed: an unknown field shows before any save (a `{{`
// still being typed is not a mistake yet; saving checks it).
const liveProblem = (part: TemplateTextPart, text: string) =>
  unknownMergeFieldProblems(part, text)[0]?.reason;

export function LetterTemplateFields({
  control,
  readOnly,
  subject,
  body,
  subjectRef,
  bodyRef,
  onPartFocused,
}: {
  control: Control<FieldValues>;
  readOnly: boolean;
  subject: string | undefined;
  body: string | undefined;
  subjectRef: RefObject<TextElement | null>;
  bodyRef: RefObject<TextElement | null>;
  onPartFocused: (part: TemplateTextPart) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group align="flex-start" gap="md" wrap="wrap">
          <Controller
            control={control}
            name="name"
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                value={String(field.value ?? '')}
                label={t('creditLetters.editor.name')}
                required
                readOnly={readOnly}
                error={fieldState.error?.message}
                style={{ flex: 1, minWidth: 200 }}
              />
            )}
          />
          <Controller
            control={control}
            name="languageId"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="template-language">
                  {t('creditLetters.editor.language')}
                </Text>
                <SegmentedControl
                  aria-labelledby="template-language"
                  readOnly={readOnly}
                  value={String(field.value ?? 1)}
                  onChange={(value) => field.onChange(Number(value))}
                  data={templateLanguages.map((language) => ({
                    value: String(language.value),
                    label: t(`resources.choices.${language.label}`, {
                      defaultValue: language.label,
                    }),
                  }))}
                />
              </Stack>
            )}
          />
        </Group>
        <Controller
          control={control}
          name="inactiveFlag"
          render={({ field }) => (
            <Switch
              label={t('creditLetters.editor.active')}
              description={t('creditLetters.editor.activeHint')}
              checked={field.value !== true}
              disabled={readOnly}
              onChange={(event) => field.onChange(!event.currentTarget.checked)}
            />
          )}
        />
        <Controller
          control={control}
          name="subject"
          render={({ field, fieldState }) => (
            <MergeFieldInput
              name="subject"
              label={t('creditLetters.editor.subject')}
              value={String(field.value ?? '')}
              onChange={field.onChange}
              onBlur={field.onBlur}
              onFocus={() => onPartFocused('subject')}
              error={fieldState.error?.message ?? liveProblem('subject', subject ?? '')}
              readOnly={readOnly}
              multiline={false}
              inputRef={subjectRef}
              required
            />
          )}
        />
        <Controller
          control={control}
          name="body"
          render={({ field, fieldState }) => (
            <MergeFieldInput
              name="body"
              label={t('creditLetters.editor.body')}
              description={t('creditLetters.editor.bodyHint', { braces: '{{' })}
              value={String(field.value ?? '')}
              onChange={field.onChange}
              onBlur={field.onBlur}
              onFocus={() => onPartFocused('body')}
              error={fieldState.error?.message ?? liveProblem('body', body ?? '')}
              readOnly={readOnly}
              multiline
              inputRef={bodyRef}
              required
            />
          )}
        />
      </Stack>
    </Paper>
  );
}
