/**
 * The account part of a user's General tab (R-USER-1, R-PASS-3): full name and e-mail (the
 * user's profile row) and the temporary password, which is write-only: blank keeps the password
 * the user has, a value replaces it and makes the user choose a new one at the next login.
 */
import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { passwordLength } from '@dispatch/domain/auth/password-policy';
import type { FormPanel } from '../../resources/resource-form-page';

export const AccountPanel: FormPanel = ({ record, form, readOnly }) => {
  const { t } = useTranslation();
  const isNew = record === undefined;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
      <Controller
        name="profile.0.fullName"
        control={form.control}
        render={({ field, fieldState }) => (
          <TextInput
            label={t('users.fullName')}
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            onBlur={field.onBlur}
            readOnly={readOnly}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        name="profile.0.emailAddress"
        control={form.control}
        render={({ field, fieldState }) => (
          <TextInput
            type="email"
            label={t('users.emailAddress')}
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            onBlur={field.onBlur}
            readOnly={readOnly}
            error={fieldState.error?.message}
          />
        )}
      />
      {!readOnly && (
        <Controller
          name="temporaryPassword"
          control={form.control}
          render={({ field, fieldState }) => (
            <PasswordInput
              label={t('users.temporaryPassword')}
              description={
                isNew
                  ? t('users.temporaryPasswordNew', { min: passwordLength.min })
                  : t('users.temporaryPasswordReset', { min: passwordLength.min })
              }
              required={isNew}
              autoComplete="new-password"
              name={field.name}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
    </SimpleGrid>
  );
};
