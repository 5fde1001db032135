/**
 * The employee's national identifier on the form (R-SENSITIVE, R-NATID-2..3): masked as its last
 * four characters, revealed in clear for 30 seconds by an explicit click, to level 5 only (the
 * server checks again and logs each reveal), and a field to enter a new one, which the form sends
 * as the write-only `nationalIdentifier` (blank keeps the one on file).
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { permissionLevels } from '@dispatch/domain/permissions';
import { formIdOf } from '@dispatch/domain/resources/define';
import { employeeResource } from '@dispatch/domain/resources/employees';
import { nationalIdentifierRevealSchema } from '@dispatch/domain/employees/national-identifier';
import { apiRequest } from '../../lib/api-client';
import type { FormPanel } from '../../resources/resource-form-page';
import { useUserAccess } from '../../session/session-queries';

/** How long a revealed identifier stays on screen. */
export const revealSeconds = 30;

export function masked(last4: string): string {
  return `•••• ${last4}`;
}

function useCanReveal(): boolean {
  const access = useUserAccess();
  return (
    access.permissions.highestOf([formIdOf('EmployeeMaintenance')]) ===
    permissionLevels.FullWithPrices
  );
}

export const NationalIdentifierPanel: FormPanel = ({ record, form, readOnly }) => {
  const { t } = useTranslation();
  const canReveal = useCanReveal();
  const last4 =
    typeof record?.nationalIdentifierLast4 === 'string' ? record.nationalIdentifierLast4 : '';
  // The value revealed, and the record and stored identifier it belongs to: saving a new one
  // (or opening another record) hides it.
  const [revealed, setRevealed] = useState<{ value: string; of: string } | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [revealing, setRevealing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const sent: unknown = useWatch({ control: form.control, name: 'nationalIdentifier' });
  const removing = sent === null;
  const identity = `${String(record?.id)}:${last4}`;
  const shown = revealed?.of === identity ? revealed.value : null;

  const hide = () => {
    clearInterval(timer.current);
    timer.current = undefined;
    setRevealed(null);
  };
  useEffect(() => () => clearInterval(timer.current), []);

  const reveal = async () => {
    if (!record) return;
    setRevealing(true);
    setProblem(null);
    try {
      const answer = await apiRequest(
        'POST',
        `/api/v1/${employeeResource.path}/${record.id}/national-identifier/reveal`,
        undefined,
        nationalIdentifierRevealSchema,
      );
      setRevealed({ value: answer.nationalIdentifier, of: identity });
      setSecondsLeft(revealSeconds);
      clearInterval(timer.current);
      const started = Date.now();
      // Hidden again after 30 seconds.
      timer.current = setInterval(() => {
        const left = revealSeconds - Math.floor((Date.now() - started) / 1000);
        if (left <= 0) hide();
        else setSecondsLeft(left);
      }, 250);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setRevealing(false);
    }
  };

  const label = t('resources.employees.texts.nationalIdentifier', {
    defaultValue: 'National identifier',
  });
  const field = employeeResource.writeOnly.nationalIdentifier!;
  return (
    <Paper withBorder p="sm" radius="sm">
      <Stack gap="xs">
        <Text fw={600}>{label}</Text>
        <Group gap="sm" align="center" wrap="wrap">
          <Text
            ff="monospace"
            aria-label={label}
            aria-live="polite"
            data-testid="national-identifier"
          >
            {shown ??
              (last4
                ? masked(last4)
                : t('resources.employees.texts.noNationalIdentifier', {
                    defaultValue: 'None on file',
                  }))}
          </Text>
          {shown !== null && (
            <>
              <Text size="xs" c="dimmed">
                {t('resources.employees.texts.hidesIn', {
                  defaultValue: 'Hidden again in {{seconds}} s',
                  seconds: secondsLeft,
                })}
              </Text>
              <Button size="xs" variant="subtle" onClick={hide}>
                {t('resources.employees.texts.hide', { defaultValue: 'Hide' })}
              </Button>
            </>
          )}
          {canReveal && last4 !== '' && shown === null && record && (
            <Button size="xs" variant="light" loading={revealing} onClick={() => void reveal()}>
              {t('resources.employees.texts.reveal', { defaultValue: 'Reveal' })}
            </Button>
          )}
        </Group>
        {problem !== null && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        {!readOnly && (
          <Group align="flex-end" gap="md" wrap="wrap">
            <Controller
              name="nationalIdentifier"
              control={form.control}
              render={({ field: bound, fieldState }) => (
                <TextInput
                  name={bound.name}
                  label={t('resources.employees.fields.nationalIdentifier', {
                    defaultValue: field.label,
                  })}
                  description={t('resources.employees.hints.nationalIdentifier', {
                    defaultValue: field.hint,
                  })}
                  error={fieldState.error?.message}
                  value={typeof bound.value === 'string' ? bound.value : ''}
                  onChange={(event) => bound.onChange(event.currentTarget.value)}
                  onBlur={bound.onBlur}
                  disabled={removing}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={30}
                  w={280}
                />
              )}
            />
            {last4 !== '' && (
              <Checkbox
                label={t('resources.employees.texts.removeNationalIdentifier', {
                  defaultValue: 'Remove the one on file when saved',
                })}
                checked={removing}
                onChange={(event) =>
                  form.setValue('nationalIdentifier', event.currentTarget.checked ? null : '', {
                    shouldDirty: true,
                  })
                }
                mb={8}
              />
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
};
