/**
 * AI-Assisted Query (`/adhoc-queries/nlq`, R-NLQ-1..12): a question in plain words, answered with a
 * table and, where it fits, a chart; the reading shown as parts to change and run again; close
 * alternatives when the question is not understood; example and recent questions to click.
 */
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import {
  nlqExampleQuestions,
  nlqQuestionMaxLength,
  type NlqResult,
} from '@dispatch/domain/nlq/nlq-api';
import type { NlqQuery } from '@dispatch/domain/nlq/nlq-query';
import { switchedOffNotice } from '../../app/switched-off';
import { useAppConfig } from '../../lib/app-config';
import { useSession } from '../../session/session-store';
import { askNlq, runNlq } from './nlq-api';
import { NlqAnswerView } from './nlq-answer';
import { NlqInterpretation } from './nlq-interpretation';
import { forgetQuestions, readRecentQuestions, rememberQuestion } from './nlq-recent';

const entry = menuEntryByEnumId('NaturalLanguageQuery')!;

export function NlqScreen() {
  const { t } = useTranslation();
  // R-PERM-3, R-NLQ-11: always in the menu; while nlqEnabled is off the screen says so.
  const off = switchedOffNotice(t, entry, useAppConfig().server);
  return (
    <Stack gap="md" maw={1280}>
      <div>
        <Title order={2}>{t(entry.translationId, { defaultValue: entry.longName })}</Title>
        <Text size="sm" c="dimmed">
          {t('nlq.intro')}
        </Text>
      </div>
      {off ? (
        <Alert color="yellow" title={off.title} role="alert">
          <Text size="sm">{off.text}</Text>
          <Text size="sm">{off.hint}</Text>
        </Alert>
      ) : (
        <NlqWorkspace />
      )}
    </Stack>
  );
}

function NlqWorkspace() {
  const { t, i18n } = useTranslation();
  const { username = '', database = '' } = useSession().status;
  const [question, setQuestion] = useState('');
  const [recent, setRecent] = useState(() => readRecentQuestions(username, database));
  const [result, setResult] = useState<NlqResult | null>(null);
  const ask = useMutation({
    mutationFn: askNlq,
    onSuccess: (answer, asked) => {
      setResult(answer);
      setRecent(rememberQuestion(username, database, asked));
    },
  });
  const run = useMutation({ mutationFn: runNlq, onSuccess: setResult });
  const failure = ask.error ?? run.error;
  const examples = i18n.language.startsWith('es') ? nlqExampleQuestions.es : nlqExampleQuestions.en;

  const handleAsk = (text: string) => {
    const trimmed = text.trim();
    if (trimmed === '') return;
    setQuestion(trimmed);
    run.reset();
    ask.mutate(trimmed);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    handleAsk(question);
  };
  const handleRun = (query: NlqQuery) => {
    ask.reset();
    run.mutate(query);
  };
  const handleForget = () => {
    forgetQuestions(username, database);
    setRecent([]);
  };

  return (
    <>
      <form onSubmit={handleSubmit}>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            flex={1}
            size="md"
            label={t('nlq.question')}
            placeholder={t('nlq.placeholder')}
            maxLength={nlqQuestionMaxLength}
            value={question}
            onChange={(event) => setQuestion(event.currentTarget.value)}
            autoFocus
          />
          <Button type="submit" size="md" loading={ask.isPending} disabled={question.trim() === ''}>
            {t('nlq.ask')}
          </Button>
        </Group>
      </form>
      {failure ? (
        <Alert color="red" title={t('nlq.failed')}>
          {failure.message}
        </Alert>
      ) : null}
      {result && !result.understood ? <NotUnderstood result={result} onAsk={handleAsk} /> : null}
      {result?.understood && result.query ? (
        <>
          <NlqInterpretation
            query={result.query}
            source={result.source}
            busy={run.isPending}
            onRun={handleRun}
          />
          {result.ignored.length > 0 ? (
            <Text size="sm" c="dimmed">
              {t('nlq.ignored', { words: result.ignored.join(', ') })}
            </Text>
          ) : null}
          <Suggestions suggestions={result.suggestions} onAsk={handleAsk} />
          {result.answer ? <NlqAnswerView answer={result.answer} query={result.query} /> : null}
        </>
      ) : null}
      <Group align="flex-start" grow>
        <QuestionList title={t('nlq.examples')} questions={examples} onAsk={handleAsk} />
        <QuestionList
          title={t('nlq.recent')}
          questions={recent}
          empty={t('nlq.noRecent')}
          onAsk={handleAsk}
          action={
            recent.length > 0 ? (
              <Button variant="subtle" size="compact-xs" onClick={handleForget}>
                {t('nlq.clearRecent')}
              </Button>
            ) : null
          }
        />
      </Group>
    </>
  );
}

function NotUnderstood({ result, onAsk }: { result: NlqResult; onAsk: (text: string) => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={t('nlq.notUnderstood')}>
      <Stack gap="xs">
        <Text size="sm">
          {result.reason === 'unknownName'
            ? t('nlq.unknownName', { name: result.unknown.join(', ') })
            : t('nlq.nothingToMeasure')}
        </Text>
        <Suggestions suggestions={result.suggestions} onAsk={onAsk} />
      </Stack>
    </Alert>
  );
}

function Suggestions({
  suggestions,
  onAsk,
}: {
  suggestions: readonly string[];
  onAsk: (text: string) => void;
}) {
  const { t } = useTranslation();
  if (suggestions.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label={t('nlq.didYouMean')}>
      <Text size="sm" fw={600}>
        {t('nlq.didYouMean')}
      </Text>
      {suggestions.map((suggestion) => (
        <Button
          key={suggestion}
          variant="light"
          size="compact-sm"
          onClick={() => onAsk(suggestion)}
        >
          {suggestion}
        </Button>
      ))}
    </Group>
  );
}

type ListProps = {
  title: string;
  questions: readonly string[];
  empty?: string;
  action?: React.ReactNode;
  onAsk: (text: string) => void;
};

function QuestionList({ title, questions, empty, action, onAsk }: ListProps) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        {action}
      </Group>
      {questions.length === 0 && empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={4} align="flex-start">
          {questions.map((text) => (
            <Button key={text} variant="subtle" size="compact-sm" onClick={() => onAsk(text)}>
              {text}
            </Button>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
