/**
 * The driver's own sign-in, sized for a phone: the product's `/token` login (username, password,
 * database), nothing of the office's login page.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/brand-mark';
import { useDatabaseList } from '../../session/use-database-list';
import { signInDriver, type DriverSession } from './driver-session';
import classes from './driver.module.css';

export function SignInScreen(props: {
  readonly expired: boolean;
  readonly onSignedIn: (session: DriverSession) => void;
}) {
  const { t } = useTranslation();
  const databases = useDatabaseList();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [database, setDatabase] = useState('');
  const [message, setMessage] = useState<string | null>(
    props.expired ? t('driver.signIn.again') : null,
  );
  const [busy, setBusy] = useState(false);
  const names =
    databases.status === 'success' ? databases.data.map((each) => each.databaseName) : [];
  const chosen = database || (names.length === 1 ? names[0]! : '');

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password || !chosen) {
      setMessage(t('driver.signIn.required'));
      return;
    }
    setBusy(true);
    setMessage(null);
    const result = await signInDriver({ username, password, database: chosen });
    setBusy(false);
    if (result.ok) props.onSignedIn(result.session);
    else setMessage(result.message ?? t('driver.signIn.failed'));
  };

  return (
    <main className={classes.main}>
      <div className={classes.signInBrand}>
        <BrandMark size={44} />
        {t('driver.appName')}
      </div>
      <div>
        <h1 className={classes.title}>{t('driver.signIn.title')}</h1>
        <p className={classes.subtitle}>{t('driver.signIn.subtitle')}</p>
      </div>
      {message ? (
        <div className={classes.alert} role="alert">
          {message}
        </div>
      ) : null}
      <form
        className={`${classes.card} ${classes.form}`}
        onSubmit={(e) => void handleSubmit(e)}
        noValidate
      >
        <div className={classes.field}>
          <label className={classes.label} htmlFor="driver-username">
            {t('driver.signIn.username')}
          </label>
          <input
            id="driver-username"
            className={classes.input}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
        </div>
        <div className={classes.field}>
          <label className={classes.label} htmlFor="driver-password">
            {t('driver.signIn.password')}
          </label>
          <input
            id="driver-password"
            className={classes.input}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
        </div>
        <div className={classes.field}>
          <label className={classes.label} htmlFor="driver-database">
            {t('driver.signIn.database')}
          </label>
          <select
            id="driver-database"
            className={classes.input}
            name="database"
            value={chosen}
            onChange={(event) => setDatabase(event.currentTarget.value)}
          >
            <option value="" disabled>
              —
            </option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${classes.button} ${classes.primary}`} disabled={busy}>
          {busy ? t('driver.signIn.submitting') : t('driver.signIn.submit')}
        </button>
      </form>
    </main>
  );
}
