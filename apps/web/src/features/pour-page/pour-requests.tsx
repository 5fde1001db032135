/**
 * R-TRACK-8, R-TRACK-9: what the foreman asks dispatch from the pour page (hold the next load, add
 * a load, call me back) and dispatch's answers. One tap opens a short form; what still waits shows
 * as waiting, so a second tap asks nothing twice (the server answers the same request anyway).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  pourRequestLimits,
  pourRequestViewSchema,
  type PourRequestKind,
  type PourRequestView,
} from '@dispatch/domain/tracking/pour-requests';
import { apiRequest } from '../../lib/api-client';
import { fieldProblemsOf, type FieldProblems } from '../../lib/field-problems';
import classes from './pour-page.module.css';

/** The asks a page offers; "cancel or change" comes from the day-before notice. */
const pageKinds = ['holdNextLoad', 'addLoad', 'callMe'] as const satisfies PourRequestKind[];
type PageKind = (typeof pageKinds)[number];

function AskForm({
  token,
  kind,
  unit,
  onSent,
  onCancel,
}: {
  token: string;
  kind: PageKind;
  unit: string;
  onSent: (request: PourRequestView) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [phone, setPhone] = useState('');
  const [quantity, setQuantity] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setFailed(null);
    try {
      const made = await apiRequest(
        'POST',
        `/api/v1/pour/${encodeURIComponent(token)}/requests`,
        {
          kind,
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(kind === 'callMe' ? { callbackPhone: phone.trim() } : {}),
          ...(kind === 'addLoad' && quantity.trim() ? { quantity: Number(quantity) } : {}),
        },
        pourRequestViewSchema,
      );
      onSent(made);
    } catch (error) {
      const fields = fieldProblemsOf(error);
      setProblems(fields);
      if (Object.keys(fields).length === 0) {
        setFailed(error instanceof Error ? error.message : t('pour.ask.failed'));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={classes.askForm} onSubmit={(event) => void submit(event)} noValidate>
      <p className={classes.askTitle}>{t(`pour.ask.${kind}.title`)}</p>
      <p className={classes.muted}>{t(`pour.ask.${kind}.hint`)}</p>
      {kind === 'callMe' && (
        <label className={classes.field}>
          <span>{t('pour.ask.phone')}</span>
          <input
            type="tel"
            autoComplete="tel"
            value={phone}
            maxLength={pourRequestLimits.phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
            aria-invalid={problems.callbackPhone ? true : undefined}
            aria-describedby={problems.callbackPhone ? 'pour-phone-problem' : undefined}
          />
          {problems.callbackPhone && (
            <span id="pour-phone-problem" className={classes.problem}>
              {t('pour.ask.phoneProblem')}
            </span>
          )}
        </label>
      )}
      {kind === 'addLoad' && (
        <label className={classes.field}>
          <span>{t('pour.ask.quantity', { unit })}</span>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={quantity}
            placeholder={t('pour.ask.quantityPlaceholder')}
            onChange={(event) => setQuantity(event.currentTarget.value)}
            aria-invalid={problems.quantity ? true : undefined}
          />
          {problems.quantity && (
            <span className={classes.problem}>{t('pour.ask.quantityProblem')}</span>
          )}
        </label>
      )}
      <label className={classes.field}>
        <span>{t('pour.ask.note')}</span>
        <textarea
          rows={2}
          value={note}
          maxLength={pourRequestLimits.note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
      </label>
      {failed && (
        <p className={classes.problem} role="alert">
          {failed}
        </p>
      )}
      <div className={classes.askButtons}>
        <button type="button" className={classes.secondary} onClick={onCancel}>
          {t('pour.ask.cancel')}
        </button>
        <button type="submit" className={classes.primary} disabled={sending}>
          {t('pour.ask.send')}
        </button>
      </div>
    </form>
  );
}

export function PourRequests({
  token,
  unit,
  requests,
}: {
  token: string;
  unit: string;
  requests: readonly PourRequestView[];
}) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState<PageKind | null>(null);
  // What this phone just sent, until the page's own data (live) carries it.
  const [sent, setSent] = useState<PourRequestView[]>([]);
  const shown = [...sent.filter((mine) => !requests.some((r) => r.id === mine.id)), ...requests];
  const waiting = new Set(shown.filter((r) => r.status === 'pending').map((r) => r.kind));
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(i18n.language === 'es' ? 'es' : undefined, {
      hour: 'numeric',
      minute: '2-digit',
    });

  return (
    <section aria-labelledby="pour-ask" className={classes.card}>
      <h2 id="pour-ask" className={classes.sectionTitle}>
        {t('pour.ask.heading')}
      </h2>
      {asking === null ? (
        <div className={classes.askChoices}>
          {pageKinds.map((kind) => (
            <button
              key={kind}
              type="button"
              className={classes.askButton}
              disabled={waiting.has(kind)}
              onClick={() => setAsking(kind)}
            >
              {t(`pour.ask.${kind}.button`)}
              {waiting.has(kind) && (
                <span className={classes.askWaiting}>{t('pour.ask.waiting')}</span>
              )}
            </button>
          ))}
        </div>
      ) : (
        <AskForm
          token={token}
          kind={asking}
          unit={unit}
          onCancel={() => setAsking(null)}
          onSent={(made) => {
            setSent((list) => [made, ...list.filter((r) => r.id !== made.id)]);
            setAsking(null);
          }}
        />
      )}
      {shown.length > 0 && (
        <ul className={classes.requests} aria-label={t('pour.ask.yours')}>
          {shown.map((request) => (
            <li key={request.id} className={classes.request} data-status={request.status}>
              <span className={classes.requestKind}>{t(`pour.ask.${request.kind}.title`)}</span>
              <span className={classes.requestStatus}>
                {t(`pour.ask.statuses.${request.status}`)} ·{' '}
                {time(request.decidedAt ?? request.createdAt)}
              </span>
              {request.answer && <span className={classes.requestAnswer}>“{request.answer}”</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
