/**
 * The login screen (R-LOGIN-1..4, R-VALID-1, R-ERR-1..10): username, password and database,
 * validated with the domain's login schema, then the login sequence. Messages are R-ERR's, in the
 * user's language.
 */
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { clientVersion } from '@dispatch/domain/constants';
import { messages } from '@dispatch/domain/messages';
import { loginSchema, type LoginFormInput } from '@dispatch/domain/session/login';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routePaths, takeRequestedUrl } from '../app/route-guard';
import { BrandMark } from '../components/brand-mark';
import {
  isLanguage,
  languages,
  setLanguage,
  translateMessage,
  type Language,
} from '../lib/i18n/i18n';
import { useDatabaseList } from './use-database-list';
import { useLoginState } from './login-state';
import { takeEntryLoginMessage } from './session-check';
import classes from './login-page.module.css';

/** Shown only when the server asks for a new password, so it loads then. */
const ChangePasswordForm = lazy(async () => ({
  default: (await import('./change-password-form')).ChangePasswordForm,
}));

const schema = loginSchema();
const emptyForm: Required<LoginFormInput> = { username: '', password: '', database: '' };

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const login = useLoginState();
  const [entryMessage] = useState(takeEntryLoginMessage);
  const [submitting, setSubmitting] = useState(false);
  const databases = useDatabaseList();
  const [values, setValues] = useState<Required<LoginFormInput>>(emptyForm);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [validationMessage, setValidationMessage] = useState<string | null>(null);
  // Set when the password was temporary: the form asks for a new one (R-PASS-3).
  const [changing, setChanging] = useState<{
    username: string;
    database: string;
    password: string;
  } | null>(null);

  // One database to choose from is chosen already.
  const onlyDatabase =
    databases.status === 'success' && databases.data.length === 1
      ? databases.data[0]?.databaseName
      : undefined;
  const chosen = { ...values, database: values.database || (onlyDatabase ?? '') };

  const handleChange = (field: keyof LoginFormInput) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (login?.phase === 'failed')
      void import('./login-flow').then((flow) => flow.resetLoginState());
  };

  // The domain's login schema validates, as it would in any form of the product (R-VALID-1).
  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse(chosen);
    if (!parsed.success) {
      setInvalid(new Set(parsed.error.issues.map((issue) => String(issue.path[0]))));
      setValidationMessage(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(new Set());
    setValidationMessage(null);
    await signIn(parsed.data);
  };

  const signIn = async (credentials: { username: string; password: string; database: string }) => {
    setSubmitting(true);
    try {
      const { runLogin } = await import('./login-flow');
      const result = await runLogin(
        { kind: 'password', ...credentials },
        {
          onForcedLogout: () =>
            void import('./logout').then((logout) => logout.forceLogout('dispatcher')),
        },
      );
      if (result.ok) {
        // The language chosen here (or the browser's) is the one the server writes jobs in.
        const spoken = isLanguage(i18n.language) ? i18n.language : 'en';
        void import('./user-language').then((user) => user.saveUserLanguage(spoken));
        // A driver with no forms goes to the driver app (issue 26 item 3).
        const target = result.adminOnly
          ? routePaths.adminOnly
          : await import('./driver-landing').then((landing) =>
              landing.landingAfterLogin(takeRequestedUrl()),
            );
        await navigate(target, { replace: true });
      } else if (result.passwordChangeRequired) {
        setChanging(credentials);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const handlePasswordChanged = async (newPassword: string) => {
    if (!changing) return;
    const credentials = { ...changing, password: newPassword };
    setChanging(null);
    setValues((current) => ({ ...current, password: '' }));
    await signIn(credentials);
  };

  const handleLanguage = (value: string) => {
    if (isLanguage(value)) void setLanguage(value);
  };

  const busy = submitting || (login !== null && login.phase !== 'idle' && login.phase !== 'failed');
  const serverMessage = login?.message ?? entryMessage;
  const attempting = serverMessage === messages.attemptingAuthentication;
  const shownMessage = validationMessage ?? serverMessage;
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const databaseOptions = (databases.status === 'success' ? databases.data : []).map(
    (database) => ({
      value: database.databaseName,
      label: database.databaseName,
    }),
  );

  return (
    <div className={classes.root}>
      <aside className={classes.brand}>
        <div className={classes.brandHead}>
          <BrandMark size={36} />
          <span className={classes.brandName}>{t('app.name')}</span>
        </div>
        <div className={classes.brandBody}>
          <Title order={1} size="h2" fw={650} mb="lg" c="white">
            {t('app.tagline')}
          </Title>
          <ul className={classes.highlights}>
            <li>{t('login.highlights.live')}</li>
            <li>{t('login.highlights.plants')}</li>
            <li>{t('login.highlights.classic')}</li>
          </ul>
        </div>
      </aside>
      <main className={classes.main}>
        <div className={classes.card}>
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="md">
              {changing ? (
                <Suspense fallback={<Loader size="sm" />}>
                  <ChangePasswordForm
                    username={changing.username}
                    database={changing.database}
                    currentPassword={changing.password}
                    onChanged={handlePasswordChanged}
                    onCancel={() => {
                      setChanging(null);
                      void import('./login-flow').then((flow) => flow.resetLoginState());
                    }}
                  />
                </Suspense>
              ) : (
                <>
                  <div>
                    <Title order={2} size="h3">
                      {t('login.title')}
                    </Title>
                    <Text size="sm" c="dimmed" mt={4}>
                      {t('login.subtitle')}
                    </Text>
                  </div>
                  {shownMessage ? (
                    <Alert
                      role={attempting && !validationMessage ? 'status' : 'alert'}
                      color={attempting && !validationMessage ? 'blue' : 'red'}
                      variant="light"
                    >
                      {translateMessage(shownMessage)}
                    </Alert>
                  ) : null}
                  <form onSubmit={(event) => void handleSubmit(event)} noValidate>
                    <Stack gap="sm">
                      <TextInput
                        label={t('login.username')}
                        name="username"
                        autoComplete="username"
                        autoCapitalize="none"
                        spellCheck={false}
                        value={values.username}
                        onChange={(event) => handleChange('username')(event.currentTarget.value)}
                        error={invalid.has('username') || undefined}
                      />
                      <PasswordInput
                        label={t('login.password')}
                        name="password"
                        autoComplete="current-password"
                        value={values.password}
                        onChange={(event) => handleChange('password')(event.currentTarget.value)}
                      />
                      <NativeSelect
                        label={t('login.database')}
                        name="database"
                        data={[
                          {
                            value: '',
                            label:
                              databases.status === 'pending'
                                ? t('login.databasesLoading')
                                : t('login.databasePlaceholder'),
                            disabled: true,
                          },
                          ...databaseOptions,
                        ]}
                        value={chosen.database}
                        onChange={(event) => handleChange('database')(event.currentTarget.value)}
                        error={
                          invalid.has('database')
                            ? true
                            : databases.status === 'error'
                              ? translateMessage(databases.message)
                              : undefined
                        }
                      />
                      {databases.status === 'error' ? (
                        <Button variant="subtle" size="xs" onClick={databases.refetch}>
                          {t('login.retryDatabases')}
                        </Button>
                      ) : (
                        // R-API-8: the list is kept until the user asks for it again.
                        <Button
                          variant="subtle"
                          size="xs"
                          onClick={databases.refetch}
                          disabled={databases.status === 'pending'}
                        >
                          {t('login.refreshDatabases')}
                        </Button>
                      )}
                      <Button type="submit" fullWidth mt="xs" loading={busy}>
                        {t('login.submit')}
                      </Button>
                    </Stack>
                  </form>
                </>
              )}
            </Stack>
          </Paper>
          <div className={classes.footer}>
            <Group gap={4} role="group" aria-label={t('login.language')}>
              {languages.map((option) => (
                <Button
                  key={option}
                  size="compact-xs"
                  variant={option === language ? 'light' : 'subtle'}
                  color={option === language ? undefined : 'gray'}
                  aria-pressed={option === language}
                  lang={option}
                  onClick={() => handleLanguage(option)}
                >
                  {t(`languages.${option}`)}
                </Button>
              ))}
            </Group>
            <Text size="xs" c="dimmed">
              {t('app.version', { version: clientVersion })}
            </Text>
          </div>
        </div>
      </main>
    </div>
  );
}
