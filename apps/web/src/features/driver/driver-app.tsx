/**
 * The driver app at /driver (issue 26 item 3): sign in, the day, the status loop, the receipt at
 * the job and the outbox strip. Everything the phone sends goes through the outbox (outbox.ts), so
 * a tap with no network is kept and sent later, in order.
 */
import { driverStatusBodySchema, type DriverLoad } from '@dispatch/domain/driver/driver-day';
import type { TicketDeliveryInput } from '@dispatch/domain/tickets/ticket-delivery';
import { trackedStatusIds, type TruckPosition } from '@dispatch/domain/trucks/truck-positions';
import { truckLiveViewResponseSchema } from '@dispatch/domain/trucks/truck-views';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverLogout } from '../../session/auth-api';
import { DayScreen, type ShownStatus } from './day-screen';
import { driverPaths, openTicketPdf, sendOutboxItem, truckVersionOf } from './driver-api';
import {
  currentLanguage,
  driverLanguages,
  switchLanguage,
  type DriverLanguage,
} from './driver-language';
import {
  forgetDriverSession,
  ownerOf,
  restoreDriverSession,
  type DriverSession,
} from './driver-session';
import { statusKeyOf, type DriverStatusId } from './driver-status';
import { useInstallable } from './installable';
import type { OutboxItem, OutboxStore, Sender } from './outbox';
import { indexedDbOutboxStore } from './outbox-idb';
import { FailedItems, OutboxStrip } from './outbox-strip';
import { SignInScreen } from './sign-in-screen';
import { SignScreen, type SubmitOutcome } from './sign-screen';
import { refreshedOf, useDriverDay } from './use-driver-day';
import { useOutbox } from './use-outbox';
import { usePositionTracking } from './use-position-tracking';
import classes from './driver.module.css';

let defaultStore: OutboxStore | null = null;
const outboxStore = () => (defaultStore ??= indexedDbOutboxStore());

export type DriverAppProps = {
  /** The outbox's store: IndexedDB unless a test hands in another. */
  readonly store?: OutboxStore;
  readonly send?: Sender;
};

function LanguageButtons() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (
    <div className={classes.languages} role="group" aria-label={t('driver.language')}>
      {driverLanguages.map((option: DriverLanguage) => (
        <button
          key={option}
          type="button"
          lang={option}
          className={classes.headerButton}
          aria-pressed={option === language}
          onClick={() => void switchLanguage(i18n, option)}
        >
          {option.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

export function DriverApp(props: DriverAppProps) {
  useInstallable();
  const [session, setSession] = useState<DriverSession | null>(() => restoreDriverSession());
  const [expired, setExpired] = useState(false);
  const signedOut = useCallback(() => {
    forgetDriverSession();
    setExpired(true);
    setSession(null);
  }, []);
  const signOut = useCallback(() => {
    void serverLogout();
    forgetDriverSession();
    setExpired(false);
    setSession(null);
  }, []);

  return (
    <div className={classes.app}>
      {session ? (
        <DriverDay
          key={ownerOf(session)}
          session={session}
          store={props.store ?? outboxStore()}
          send={props.send ?? sendOutboxItem}
          onSignedOut={signedOut}
          onSignOut={signOut}
        />
      ) : (
        <>
          <header className={classes.header}>
            <div className={classes.headerTitle} />
            <LanguageButtons />
          </header>
          <SignInScreen expired={expired} onSignedIn={setSession} />
        </>
      )}
    </div>
  );
}

type Screen = { readonly kind: 'day' } | { readonly kind: 'sign'; readonly ticketId: number };

function DriverDay(props: {
  readonly session: DriverSession;
  readonly store: OutboxStore;
  readonly send: Sender;
  readonly onSignedOut: () => void;
  readonly onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const owner = ownerOf(props.session);
  const { state, reload, applyLive } = useDriverDay(owner, props.onSignedOut);
  const [screen, setScreen] = useState<Screen>({ kind: 'day' });
  const [notice, setNotice] = useState<string | null>(null);
  const [ticketProblem, setTicketProblem] = useState(false);

  const outbox = useOutbox({
    store: props.store,
    owner,
    send: props.send,
    onSignedOut: props.onSignedOut,
    hooks: {
      versionOf: truckVersionOf,
      refresh: async () => {
        const day = await reload();
        return day ? refreshedOf(day) : null;
      },
      onSent: (item, answer) => {
        if (item.kind === 'status') {
          const view = truckLiveViewResponseSchema.safeParse(answer);
          if (view.success) applyLive(view.data);
        }
        if (item.kind !== 'positions') void reload();
      },
      onStatusConflict: () => setNotice('stale'),
    },
  });

  const day = state.kind === 'day' ? state.day : null;
  const waitingStatus = [...outbox.items]
    .reverse()
    .find((item) => item.kind === 'status' && item.state === 'waiting');
  const shown: ShownStatus = waitingStatus
    ? { statusId: Number(waitingStatus.label), fromGps: false, at: null, pending: true }
    : {
        statusId: day?.truck.statusId ?? null,
        fromGps: day?.truck.statusFromGps ?? false,
        at: day?.truck.statusDateTime ?? null,
        pending: false,
      };
  const signingTicketIds = useMemo(
    () =>
      new Set(
        outbox.items
          .filter((item) => item.kind === 'delivery' && item.state === 'waiting')
          .map((item) => item.ticketId ?? 0),
      ),
    [outbox.items],
  );

  // A status change refused as stale: say what the status is now, once the day is read again.
  const staleStatus = notice === 'stale' ? statusKeyOf(day?.truck.statusId ?? null) : null;

  const tracking =
    day !== null && shown.statusId !== null && trackedStatusIds.includes(shown.statusId);
  const truckId = day?.truck.id ?? null;
  const { add } = outbox;
  const onBatch = useCallback(
    (positions: TruckPosition[]) => {
      if (truckId === null) return;
      void add({
        kind: 'positions',
        method: 'POST',
        path: driverPaths.positions(truckId),
        body: { positions },
        label: String(positions.length),
      });
    },
    [add, truckId],
  );
  const location = usePositionTracking(tracking, onBatch);

  const tap = (statusId: DriverStatusId) => {
    if (!day) return;
    setNotice(null);
    // The tap's own time goes with it: queued offline, it still stamps when it was tapped.
    const body = driverStatusBodySchema.parse({
      statusId,
      version: day.truck.version,
      tappedAt: new Date().toISOString(),
    });
    void add({
      kind: 'status',
      method: 'PUT',
      path: driverPaths.status,
      body,
      label: String(statusId),
    });
  };

  const submitDelivery = async (
    load: DriverLoad,
    body: TicketDeliveryInput,
  ): Promise<SubmitOutcome> => {
    const item = await add({
      kind: 'delivery',
      method: 'POST',
      path: driverPaths.delivery(load.ticketId),
      body,
      label: String(load.ticketNumber),
      ticketId: load.ticketId,
    });
    await outbox.flush();
    const after: OutboxItem | undefined = (await props.store.list()).find(
      (each) => each.id === item.id,
    );
    if (after?.state === 'failed') {
      // Refused while the form is open: the driver corrects it there, so it leaves the outbox.
      await outbox.dismiss(item.id);
      return {
        kind: 'refused',
        message: after.message ?? '',
        problems: after.fieldProblems ?? {},
      };
    }
    setScreen({ kind: 'day' });
    setNotice(after ? 'queued' : 'sent');
    window.scrollTo({ top: 0 });
    return after ? { kind: 'queued' } : { kind: 'sent' };
  };

  const viewTicket = (load: DriverLoad) => {
    setTicketProblem(false);
    void openTicketPdf(load.ticketId).then((opened) => setTicketProblem(!opened));
  };

  useEffect(() => {
    if (notice !== 'sent') return;
    const timer = setTimeout(() => setNotice(null), 6_000);
    return () => clearTimeout(timer);
  }, [notice]);

  const signing =
    screen.kind === 'sign' && day
      ? (day.loads.find((load) => load.ticketId === screen.ticketId) ?? null)
      : null;

  return (
    <>
      <header className={classes.header}>
        <div className={classes.headerTitle}>
          <h1 className={classes.truckNumber}>
            {day
              ? t('driver.truck', { number: day.truck.identificationNumber })
              : t('driver.appName')}
          </h1>
          <div className={classes.headerSub}>
            {day ? `${day.driverName} · ${day.truck.plantName}` : props.session.username}
          </div>
        </div>
        <LanguageButtons />
      </header>
      <OutboxStrip
        items={outbox.items}
        phase={outbox.phase}
        retryAt={outbox.retryAt}
        onRetry={() => void outbox.flush()}
      />
      <main className={classes.main}>
        <FailedItems items={outbox.items} onDismiss={(id) => void outbox.dismiss(id)} />
        {state.kind === 'day' && state.savedAt ? (
          <div className={classes.notice} role="status">
            {t('driver.errors.savedCopy', {
              time: new Date(state.savedAt).toLocaleTimeString(undefined, {
                hour: '2-digit',
                minute: '2-digit',
              }),
            })}
          </div>
        ) : null}
        {staleStatus ? (
          <div className={classes.alert} role="alert">
            {t('driver.errors.stale', { status: t(`driver.statuses.${staleStatus}`) })}
          </div>
        ) : null}
        {notice === 'queued' ? (
          <div className={classes.notice} role="status">
            {t('driver.sign.queued')}
          </div>
        ) : null}
        {notice === 'sent' ? (
          <div className={classes.notice} role="status">
            ✓ {t('driver.sign.sent')}
          </div>
        ) : null}
        {location.problem ? (
          <div className={classes.alert} role="alert">
            {t('driver.errors.location')}
          </div>
        ) : null}
        {ticketProblem ? (
          <div className={classes.alert} role="alert">
            {t('driver.errors.ticket')}
          </div>
        ) : null}
        {state.kind === 'loading' ? (
          <div className={classes.center} role="status">
            …
          </div>
        ) : null}
        {state.kind === 'noTruck' ? (
          <div className={classes.alert} role="alert">
            {state.message}
          </div>
        ) : null}
        {state.kind === 'error' ? (
          <>
            <div className={classes.alert} role="alert">
              {t('driver.errors.load')} {state.message}
            </div>
            <button type="button" className={classes.button} onClick={() => void reload()}>
              {t('driver.errors.retry')}
            </button>
          </>
        ) : null}
        {day && signing ? (
          <SignScreen
            load={signing}
            onSubmit={(body) => submitDelivery(signing, body)}
            onBack={() => setScreen({ kind: 'day' })}
          />
        ) : day ? (
          <DayScreen
            day={day}
            status={shown}
            signingTicketIds={signingTicketIds}
            onTap={tap}
            onSign={(load) => {
              setNotice(null);
              setScreen({ kind: 'sign', ticketId: load.ticketId });
              window.scrollTo({ top: 0 });
            }}
            onViewTicket={viewTicket}
          />
        ) : null}
        {screen.kind === 'day' ? (
          <button type="button" className={classes.button} onClick={props.onSignOut}>
            {t('driver.signOut')}
          </button>
        ) : null}
      </main>
    </>
  );
}
