/**
 * What the phone still has to send, always in view: "3 waiting to send" while there is no network
 * (with when it tries next, and a button to try now), "Sent" when it all went, and each item the
 * server refused, with its message, until the driver dismisses it.
 */
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusKeyOf } from './driver-status';
import type { OutboxItem } from './outbox';
import type { OutboxPhase } from './use-outbox';
import classes from './driver.module.css';

export function OutboxStrip(props: {
  readonly items: readonly OutboxItem[];
  readonly phase: OutboxPhase;
  readonly retryAt: number | null;
  readonly onRetry: () => void;
}) {
  const { t } = useTranslation();
  const waiting = props.items.filter((item) => item.state === 'waiting').length;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (props.retryAt === null) return;
    const every = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(every);
  }, [props.retryAt]);

  if (waiting === 0 && props.phase !== 'sent') return null;
  const sent = waiting === 0 && props.phase === 'sent';
  const offline = props.phase === 'offline';
  const seconds =
    props.retryAt === null ? null : Math.max(0, Math.ceil((props.retryAt - now) / 1000));
  return (
    <div
      className={`${classes.strip} ${sent ? classes.stripSent : offline ? classes.stripOffline : ''}`}
      role="status"
      aria-live="polite"
      data-testid="driver-outbox"
    >
      <span className={classes.stripText}>
        {sent ? `✓ ${t('driver.outbox.sent')}` : t('driver.outbox.waiting', { count: waiting })}
        {offline ? ` · ${t('driver.outbox.offline')}` : ''}
        {!sent && props.phase === 'sending' ? ` · ${t('driver.outbox.sending')}` : ''}
      </span>
      {offline && seconds !== null ? (
        <button type="button" className={classes.stripButton} onClick={props.onRetry}>
          {t('driver.outbox.retryNow')}
        </button>
      ) : null}
    </div>
  );
}

export function itemLabel(item: OutboxItem, t: TFunction): string {
  switch (item.kind) {
    case 'status': {
      const key = statusKeyOf(Number(item.label));
      return t('driver.outbox.kinds.status', {
        status: key ? t(`driver.statuses.${key}`) : item.label,
      });
    }
    case 'positions':
      return t('driver.outbox.kinds.positions');
    case 'delivery':
      return t('driver.outbox.kinds.delivery', { number: item.label });
  }
}

export function FailedItems(props: {
  readonly items: readonly OutboxItem[];
  readonly onDismiss: (id: number) => void;
}) {
  const { t } = useTranslation();
  const failed = props.items.filter((item) => item.state === 'failed');
  if (failed.length === 0) return null;
  return (
    <ul className={classes.failedList} aria-label={t('driver.outbox.failed')}>
      {failed.map((item) => (
        <li key={item.id} className={classes.failed}>
          <span>
            <strong>
              {t('driver.outbox.failed')}: {itemLabel(item, t)}
            </strong>
            <br />
            {item.message}
          </span>
          <button
            type="button"
            className={classes.stripButton}
            style={{ color: 'inherit', borderColor: 'currentColor' }}
            onClick={() => props.onDismiss(item.id)}
          >
            {t('driver.outbox.dismiss')}
          </button>
        </li>
      ))}
    </ul>
  );
}
