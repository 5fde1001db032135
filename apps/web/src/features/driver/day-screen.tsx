/**
 * The driver's day (R-DRV-1..3): the truck's status with the loop's buttons, the current load with
 * everything needed at the wheel, then the day's other loads, compact.
 */
import {
  driverStatusButtons,
  jobMapLink,
  type DriverDay,
  type DriverLoad,
} from '@dispatch/domain/driver/driver-day';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isAtJob, nextStatusOf, statusKeyOf, type DriverStatusId } from './driver-status';
import classes from './driver.module.css';

export function formatTime(iso: string | null, language: string): string {
  if (iso === null) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
}

function formatQuantity(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

export type ShownStatus = {
  readonly statusId: number | null;
  readonly fromGps: boolean;
  readonly at: string | null;
  /** A tap still in the outbox: shown as the status, marked as not sent yet. */
  readonly pending: boolean;
};

export function StatusPanel({ status }: { readonly status: ShownStatus }) {
  const { t, i18n } = useTranslation();
  const key = statusKeyOf(status.statusId);
  return (
    <section className={classes.card} aria-labelledby="driver-status-title">
      <h2 id="driver-status-title" className={classes.sectionTitle}>
        {t('driver.statusButtons')}
      </h2>
      <div className={classes.statusLine} role="status" aria-label={t('driver.statusButtons')}>
        <span className={classes.statusName} data-testid="driver-status">
          {key ? t(`driver.statuses.${key}`) : t('driver.statusNone')}
        </span>
        {status.fromGps && !status.pending ? (
          <span className={classes.badge} title={t('driver.gpsTitle')}>
            {t('driver.gps')}
          </span>
        ) : null}
        {status.pending ? (
          <span className={`${classes.badge} ${classes.badgePending}`}>{t('driver.pending')}</span>
        ) : status.at ? (
          <span className={classes.since}>
            {t('driver.since', { time: formatTime(status.at, i18n.language) })}
          </span>
        ) : null}
      </div>
    </section>
  );
}

export function StatusButtons(props: {
  readonly statusId: number | null;
  readonly hasOpenLoad: boolean;
  readonly onTap: (statusId: DriverStatusId) => void;
}) {
  const { t } = useTranslation();
  const next = nextStatusOf(props.statusId, props.hasOpenLoad);
  return (
    <div className={classes.statusGrid} role="group" aria-label={t('driver.statusButtons')}>
      {driverStatusButtons.map((statusId) => {
        const current = statusId === props.statusId;
        const isNext = statusId === next;
        return (
          <button
            key={statusId}
            type="button"
            className={`${classes.statusButton} ${isNext ? classes.statusNext : ''}`}
            aria-pressed={current}
            disabled={current}
            onClick={() => props.onTap(statusId)}
          >
            <span>{t(`driver.statuses.${statusKeyOf(statusId) ?? 'inYard'}`)}</span>
            {isNext ? <span className={classes.statusTag}>{t('driver.next')}</span> : null}
            {current ? <span className={classes.statusTag}>✓</span> : null}
          </button>
        );
      })}
    </div>
  );
}

function Fact(props: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>{props.label}</dt>
      <dd>{props.children}</dd>
    </div>
  );
}

export function CurrentLoad(props: {
  readonly load: DriverLoad;
  readonly statusId: number | null;
  readonly onSign: () => void;
  readonly onViewTicket: () => void;
  readonly signing: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { load } = props;
  const map = jobMapLink(load);
  const address = load.jobAddressLines.filter(Boolean);
  return (
    <section className={classes.card} aria-labelledby="driver-current-load">
      <div className={classes.loadHead}>
        <h2 id="driver-current-load" className={classes.sectionTitle}>
          {t('driver.load.current')}
        </h2>
        <span className={classes.hint}>
          {t('driver.load.ticket', { number: load.ticketNumber })} ·{' '}
          {t('driver.load.order', { number: load.orderNumber })}
        </span>
      </div>
      <p className={classes.customer}>{load.customerName}</p>
      <dl className={classes.facts}>
        <Fact label={t('driver.load.job')}>
          <div>{load.jobName}</div>
          {address.map((line, index) => (
            <div key={index}>{line}</div>
          ))}
        </Fact>
        <Fact label={t('driver.load.product')}>{load.productDescription}</Fact>
        <Fact label={t('driver.load.quantity')}>
          <span className={classes.quantity}>
            {formatQuantity(load.quantity, i18n.language)} {load.unit}
          </span>
        </Fact>
        {load.dispatchNotes.trim() ? (
          <Fact label={t('driver.load.dispatchNotes')}>
            <div className={classes.notes}>{load.dispatchNotes}</div>
          </Fact>
        ) : null}
        {load.ticketNotes.trim() ? (
          <Fact label={t('driver.load.ticketNotes')}>
            <div className={classes.notes}>{load.ticketNotes}</div>
          </Fact>
        ) : null}
      </dl>
      <div className={classes.actions}>
        {map ? (
          <a className={classes.linkButton} href={map} target="_blank" rel="noreferrer">
            {t('driver.load.map')}
          </a>
        ) : null}
        {load.signed ? (
          <>
            <div className={classes.notice} role="status">
              ✓ {t('driver.load.signed')}
            </div>
            <button type="button" className={classes.button} onClick={props.onViewTicket}>
              {t('driver.load.viewTicket')}
            </button>
          </>
        ) : props.signing ? (
          <div className={classes.notice} role="status">
            {t('driver.pending')}: {t('driver.load.sign')}
          </div>
        ) : (
          <button
            type="button"
            className={`${classes.button} ${isAtJob(props.statusId) ? classes.primary : ''}`}
            onClick={props.onSign}
          >
            {t('driver.load.sign')}
          </button>
        )}
      </div>
    </section>
  );
}

export function OtherLoads(props: {
  readonly loads: readonly DriverLoad[];
  readonly onViewTicket: (load: DriverLoad) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section className={classes.card} aria-labelledby="driver-other-loads">
      <h2 id="driver-other-loads" className={classes.sectionTitle}>
        {t('driver.load.others')}
      </h2>
      {props.loads.length === 0 ? (
        <p className={classes.hint}>{t('driver.load.noOthers')}</p>
      ) : (
        <ul className={classes.otherLoads}>
          {props.loads.map((load) => (
            <li key={load.ticketId} className={classes.otherLoad}>
              <span className={classes.otherLoadName}>{load.customerName}</span>
              <span className={classes.otherLoadState}>
                {load.signed
                  ? `✓ ${t('driver.load.signed')}`
                  : load.finished
                    ? t('driver.load.finished')
                    : t('driver.load.open')}
              </span>
              <span className={classes.otherLoadDetail}>
                {t('driver.load.ticket', { number: load.ticketNumber })} ·{' '}
                {formatTime(load.ticketDateTime, i18n.language)} ·{' '}
                {formatQuantity(load.quantity, i18n.language)} {load.unit} · {load.jobName}
              </span>
              {load.signed ? (
                <button
                  type="button"
                  className={classes.stripButton}
                  style={{ color: 'var(--brand)', borderColor: 'var(--brand)' }}
                  onClick={() => props.onViewTicket(load)}
                >
                  {t('driver.load.viewTicket')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export type DayScreenProps = {
  readonly day: DriverDay;
  readonly status: ShownStatus;
  readonly signingTicketIds: ReadonlySet<number>;
  readonly onTap: (statusId: DriverStatusId) => void;
  readonly onSign: (load: DriverLoad) => void;
  readonly onViewTicket: (load: DriverLoad) => void;
};

export function DayScreen(props: DayScreenProps) {
  const { t } = useTranslation();
  const current = props.day.loads.find((load) => load.current) ?? null;
  const others = props.day.loads.filter((load) => load !== current);
  return (
    <>
      <StatusPanel status={props.status} />
      <StatusButtons
        statusId={props.status.statusId}
        hasOpenLoad={current !== null && !current.finished}
        onTap={props.onTap}
      />
      {current ? (
        <CurrentLoad
          load={current}
          statusId={props.status.statusId}
          signing={props.signingTicketIds.has(current.ticketId)}
          onSign={() => props.onSign(current)}
          onViewTicket={() => props.onViewTicket(current)}
        />
      ) : (
        <div className={classes.notice}>{t('driver.load.none')}</div>
      )}
      <OtherLoads loads={others} onViewTicket={props.onViewTicket} />
    </>
  );
}
