/**
 * Issue 27: the contractor's pour page, opened from a link with no account, on a phone on site.
 * What is coming and when, what has arrived, and the signed tickets; it follows the trucks live.
 */
import type { PourLoad, PourPage } from '@dispatch/domain/tracking/tracking-link';
import { productLanguages, type ProductLanguage } from '@dispatch/domain/languages';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getServerBaseUrl } from '../../lib/api-client';
import { PourMap } from './pour-map';
import { PourRequests } from './pour-requests';
import { usePourPage } from './use-pour-page';
import classes from './pour-page.module.css';

function useFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'es' ? 'es' : undefined;
  return {
    time: (iso: string | null) =>
      iso === null
        ? ''
        : new Date(iso).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' }),
    quantity: (value: number) =>
      value.toLocaleString(locale, { maximumFractionDigits: 2, minimumFractionDigits: 0 }),
  };
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div className={classes.languages} role="group" aria-label={t('pour.language')}>
      {productLanguages.map((language: ProductLanguage) => (
        <button
          key={language}
          type="button"
          className={classes.language}
          aria-pressed={i18n.language === language}
          onClick={() => void i18n.changeLanguage(language)}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

function mapsLink(position: { latitude: number; longitude: number }): string {
  return `https://www.google.com/maps/search/?api=1&query=${position.latitude},${position.longitude}`;
}

/** R-TRACK-4: a delivered load's signed e-ticket, through the page's own link. */
function ticketPdfUrl(token: string, ticketNumber: number): string {
  return `${getServerBaseUrl()}/api/v1/pour/${encodeURIComponent(token)}/tickets/${ticketNumber}/ticket.pdf`;
}

function LoadCard({ load, unit, token }: { load: PourLoad; unit: string; token: string }) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <li className={classes.load} data-state={load.state}>
      <div className={classes.loadHead}>
        <span className={classes.loadName}>{t('pour.load', { number: load.loadNumber })}</span>
        <span className={classes.badge} data-state={load.state}>
          {t(`pour.states.${load.state}`)}
        </span>
      </div>
      <p className={classes.loadLine}>
        {format.quantity(load.quantity)} {unit}
        {load.ticketNumber !== null && ` · ${t('pour.ticket', { number: load.ticketNumber })}`}
      </p>
      {load.state === 'onTheWay' && (
        <>
          <p className={classes.loadLine}>
            {load.driverFirstName
              ? t('pour.truckAndDriver', { truck: load.truckNumber, driver: load.driverFirstName })
              : t('pour.truck', { truck: load.truckNumber })}
          </p>
          {load.stage === 'toJob' && load.etaMinutes !== null && (
            <p className={classes.eta}>{t('pour.eta', { count: load.etaMinutes })}</p>
          )}
          {load.stage === 'onSite' && <p className={classes.eta}>{t('pour.atJob')}</p>}
          {load.stage === 'atPlant' && <p className={classes.loadLine}>{t('pour.atPlant')}</p>}
          {load.position !== null && (
            <p className={classes.muted}>
              {t('pour.position', { time: format.time(load.position.recordedAt) })} ·{' '}
              <a href={mapsLink(load.position)} target="_blank" rel="noreferrer">
                {t('pour.openMap')}
              </a>
            </p>
          )}
        </>
      )}
      {load.state === 'delivered' && (
        <>
          <p className={classes.loadLine}>
            {t('pour.deliveredAt', { time: format.time(load.deliveredAt) })}
          </p>
          {load.waterAdded !== null && load.waterAdded > 0 && (
            <p className={classes.muted}>
              {t('pour.water', {
                amount: format.quantity(load.waterAdded),
                unit: load.waterUnit ?? '',
              })}
            </p>
          )}
          {load.signed && <p className={classes.signed}>✓ {t('pour.signed')}</p>}
          {load.ticketNumber !== null && (
            <a
              className={classes.pdfLink}
              href={ticketPdfUrl(token, load.ticketNumber)}
              target="_blank"
              rel="noreferrer"
            >
              {load.signed ? t('pour.signedPdf') : t('pour.ticketPdf')}
            </a>
          )}
        </>
      )}
      {load.state === 'scheduled' && load.plannedAt !== null && (
        <p className={classes.loadLine}>
          {t('pour.plannedAt', { time: format.time(load.plannedAt) })}
        </p>
      )}
    </li>
  );
}

function Figures({ page }: { page: PourPage }) {
  const { t } = useTranslation();
  const format = useFormats();
  const figures = [
    ['ordered', page.orderedQuantity],
    ['delivered', page.deliveredQuantity],
    ['remaining', page.remainingQuantity],
  ] as const;
  return (
    <dl className={classes.figures}>
      {figures.map(([key, value]) => (
        <div key={key} className={classes.figure}>
          <dt>{t(`pour.${key}`)}</dt>
          <dd>
            {format.quantity(value)} <span className={classes.unit}>{page.unit}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function PourPageView({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const format = useFormats();
  const state = usePourPage(token);
  // The page opens in the customer's language the first time it is shown; the switch then rules.
  const adopted = useRef(false);
  const customerLanguage = state.kind === 'shown' ? state.page.language : null;
  useEffect(() => {
    if (customerLanguage === null || adopted.current) return;
    adopted.current = true;
    void i18n.changeLanguage(customerLanguage);
  }, [customerLanguage, i18n]);
  if (state.kind !== 'shown') {
    const text =
      state.kind === 'loading'
        ? t('pour.loading')
        : state.kind === 'notFound'
          ? t('pour.notFound')
          : t('pour.failed');
    return (
      <div className={classes.app}>
        <header className={classes.header}>
          <h1 className={classes.title}>{t('pour.appName')}</h1>
          <LanguageSwitch />
        </header>
        <p className={classes.notice} role={state.kind === 'loading' ? 'status' : 'alert'}>
          {text}
        </p>
      </div>
    );
  }
  const { page } = state;
  return (
    <div className={classes.app}>
      <header className={classes.header}>
        <div className={classes.headerText}>
          <h1 className={classes.title}>{t('pour.title', { number: page.orderNumber })}</h1>
          <p className={classes.subtitle}>{page.jobName}</p>
        </div>
        <LanguageSwitch />
      </header>
      {state.gone && (
        <p className={classes.notice} role="alert">
          {t('pour.gone')}
        </p>
      )}
      <main className={classes.main}>
        <section className={classes.card} aria-label={page.jobName}>
          {page.jobAddressLines.map((line) => (
            <p key={line} className={classes.address}>
              {line}
            </p>
          ))}
          <p className={classes.product}>
            <span className={classes.muted}>{t('pour.product')}</span> {page.product}
          </p>
          <Figures page={page} />
          <p className={classes.next}>
            {page.nextLoadAt !== null
              ? t('pour.nextLoad', { time: format.time(page.nextLoadAt) })
              : t('pour.noMoreLoads')}
          </p>
          <p className={classes.liveLine} aria-live="polite">
            <span className={classes.liveDot} data-live={state.live} />
            {state.live ? t('pour.live') : t('pour.reconnecting')}
          </p>
        </section>
        <PourMap page={page} />
        <PourRequests token={token} unit={page.unit} requests={page.requests} />
        <section aria-labelledby="pour-loads">
          <h2 id="pour-loads" className={classes.sectionTitle}>
            {t('pour.loads')}
          </h2>
          <ol className={classes.loads}>
            {page.loads.map((load) => (
              <LoadCard key={load.loadNumber} load={load} unit={page.unit} token={token} />
            ))}
          </ol>
        </section>
      </main>
    </div>
  );
}
