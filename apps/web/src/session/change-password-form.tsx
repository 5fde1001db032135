/**
 * The login's change-password step (R-PASS-3): a temporary password signs nobody in; the user
 * chooses a new one here (checked by the policy of R-PASS-1 at once, by the server's list of
 * common passwords on sending), then is signed in with it.
 */
import { Alert, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { passwordProblem } from '@dispatch/domain/auth/password-policy';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from './auth-api';

export function ChangePasswordForm({
  username,
  database,
  currentPassword,
  onChanged,
  onCancel,
}: {
  username: string;
  database: string;
  currentPassword: string;
  onChanged: (newPassword: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirmation?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = passwordProblem(newPassword, username);
    const mismatch = newPassword !== confirmation;
    if (problem || mismatch) {
      setErrors({
        ...(problem ? { newPassword: `${t('password.new')} ${problem}` } : {}),
        ...(mismatch ? { confirmation: t('password.mismatch') } : {}),
      });
      return;
    }
    setErrors({});
    setMessage(null);
    setBusy(true);
    try {
      const result = await changePassword({ username, database, currentPassword, newPassword });
      if (!result.ok) {
        const onNew = result.problems.find((item) => item.field === 'newPassword');
        if (onNew) setErrors({ newPassword: `${t('password.new')} ${onNew.reason}` });
        else setMessage(result.message);
        return;
      }
      await onChanged(newPassword);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3">
            {t('password.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('password.explanation', { username })}
          </Text>
        </div>
        {message ? (
          <Alert role="alert" color="red" variant="light">
            {message}
          </Alert>
        ) : null}
        <PasswordInput
          label={t('password.new')}
          description={t('password.rules')}
          name="newPassword"
          autoComplete="new-password"
          autoFocus
          value={newPassword}
          onChange={(event) => setNewPassword(event.currentTarget.value)}
          error={errors.newPassword}
        />
        <PasswordInput
          label={t('password.confirm')}
          name="confirmation"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
          error={errors.confirmation}
        />
        <Group justify="space-between" mt="xs">
          <Button variant="subtle" color="gray" onClick={onCancel} disabled={busy}>
            {t('password.back')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
