/**
 * R-CREDIT-10: the letter as the chosen customer would read it, rendered by the server with the
 * letters' own renderer from the text being edited, laid out as the printed page lays it out:
 * letterhead, date, address, subject, paragraphs, signature. A saved template opens as its PDF.
 */
import { Alert, Box, Button, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { letterChrome, paragraphsOf } from '@dispatch/domain/credit/letter-render';
import { languageOf } from '@dispatch/domain/credit/letter-templates';
import { unclosedMergeField } from '@dispatch/domain/credit/merge-fields';
import { customerResource } from '@dispatch/domain/resources/customers';
import { fieldProblemsOf } from '../../lib/field-problems';
import { ReferenceSelect } from '../../resources/reference-select';
import { openTemplatePdf, previewQuery } from './credit-letters-api';

export type PreviewText = { subject: string; body: string; languageId: number };

const sameText = (a: PreviewText, b: PreviewText) =>
  a.subject === b.subject && a.body === b.body && a.languageId === b.languageId;

export function LetterPreview(props: {
  text: PreviewText;
  customerId: number | null;
  onCustomerChange: (customerId: number | null) => void;
  /** The saved template, when the text is what is saved: it may open as a PDF. */
  savedTemplateId: number | null;
}) {
  const { t } = useTranslation();
  // While a `{{` is being typed the last whole text stays previewed, rather than a complaint.
  const [settled, setSettled] = useState(props.text);
  const whole =
    unclosedMergeField(props.text.subject) === null && unclosedMergeField(props.text.body) === null;
  if (whole && !sameText(settled, props.text)) setSettled(props.text);
  const [text] = useDebouncedValue(settled, 350);
  const body = {
    ...text,
    languageId: text.languageId === 2 ? 2 : 1,
    customerId: props.customerId ?? 0,
  } as const;
  const preview = useQuery({
    ...previewQuery(body),
    enabled: props.customerId !== null,
    placeholderData: keepPreviousData,
  });
  const problems = Object.entries(fieldProblemsOf(preview.error));
  const letter = preview.data;
  const words = letterChrome[languageOf(text.languageId)];
  const paperFont = { fontFamily: 'Georgia, "Times New Roman", serif' };

  return (
    <Stack gap="sm" component="section" aria-label={t('creditLetters.editor.preview')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Box style={{ flex: 1, minWidth: 220 }}>
          <ReferenceSelect
            target={customerResource}
            name="previewCustomer"
            label={t('creditLetters.editor.previewFor')}
            value={props.customerId}
            onChange={props.onCustomerChange}
          />
        </Box>
        <Button
          variant="light"
          disabled={props.savedTemplateId === null || props.customerId === null}
          title={
            props.savedTemplateId === null ? t('creditLetters.editor.previewPdfSaved') : undefined
          }
          onClick={() => void openTemplatePdf(props.savedTemplateId!, props.customerId!)}
        >
          {t('creditLetters.editor.previewPdf')}
        </Button>
      </Group>
      {props.customerId === null ? (
        <Text size="sm" c="dimmed">
          {t('creditLetters.editor.previewPick')}
        </Text>
      ) : problems.length > 0 ? (
        <Alert color="orange" variant="light" title={t('creditLetters.editor.previewWaiting')}>
          {problems.map(([field, reason]) => (
            <Text key={field} size="sm">
              {`${t(`creditLetters.editor.${field}`, { defaultValue: field })}: ${reason}`}
            </Text>
          ))}
        </Alert>
      ) : preview.isError ? (
        <Alert color="red">{preview.error.message}</Alert>
      ) : !letter ? (
        <Group justify="center" p="xl">
          <Loader aria-label={t('app.loading')} />
        </Group>
      ) : (
        <Paper
          shadow="md"
          radius="xs"
          p="xl"
          withBorder
          aria-label={t('creditLetters.editor.preview')}
          style={{ ...paperFont, opacity: preview.isFetching ? 0.7 : 1, minHeight: 560 }}
        >
          <Group justify="space-between" align="flex-start">
            <div>
              <Text fz={20} fw={700} c="#1c3d6e" style={paperFont}>
                {letter.letterhead.name}
              </Text>
              {letter.letterhead.lines.map((line) => (
                <Text key={line} fz="xs" c="dimmed">
                  {line}
                </Text>
              ))}
            </div>
            <Text fz="xs" c="dimmed">
              {words.department}
            </Text>
          </Group>
          <Divider color="#1c3d6e" size={2} my="md" />
          <Text fz="sm" mb="md" style={paperFont}>
            {letter.letterDate}
          </Text>
          {letter.address.map((line, index) => (
            <Text key={`${index}-${line}`} fz="sm" fw={index === 0 ? 700 : 400} style={paperFont}>
              {line}
            </Text>
          ))}
          <Text fz="xs" c="dimmed" mt={6} mb="md">
            {`${words.account} ${letter.customerNumber}`}
          </Text>
          <Text fz="sm" fw={700} mb="sm" style={paperFont}>
            {`${words.subject} ${letter.subject}`}
          </Text>
          {paragraphsOf(letter.body).map((lines, index) => (
            <Text
              key={index}
              fz="sm"
              mb="sm"
              style={{ ...paperFont, whiteSpace: 'pre-line', lineHeight: 1.55 }}
            >
              {lines.join('\n')}
            </Text>
          ))}
          <Text fz="sm" mt="lg" style={paperFont}>
            {words.closing}
          </Text>
          <Text fz="sm" fw={700} mt="xl" style={paperFont}>
            {letter.senderName}
          </Text>
          <Text fz="sm" style={paperFont}>
            {words.department}
          </Text>
          <Text fz="sm" style={paperFont}>
            {letter.letterhead.name}
          </Text>
          {letter.amountsHidden ? (
            <Text fz="xs" c="dimmed" mt="md">
              {t('creditLetters.editor.amountsHidden')}
            </Text>
          ) : null}
        </Paper>
      )}
    </Stack>
  );
}
