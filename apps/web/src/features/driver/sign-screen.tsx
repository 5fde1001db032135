/**
 * The receipt at the job (R-ETICKET-1..4): what was delivered, the water added on site (above the
 * ticket's maximum only when the receiver accepts it), comments, who received it, their signature
 * and an optional photo. Checked with the domain's schema before it goes; a 400 the server still
 * answers is shown next to the field it names.
 */
import type { DriverLoad } from '@dispatch/domain/driver/driver-day';
import {
  ticketDeliverySchema,
  waterInGallons,
  waterOverMaximumProblem,
  waterUnits,
  type TicketDeliveryInput,
  type WaterUnit,
} from '@dispatch/domain/tickets/ticket-delivery';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseProblemsOf } from '../../lib/field-problems';
import { photoDataUrl } from './photo';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';
import classes from './driver.module.css';

export type SubmitOutcome =
  | { readonly kind: 'sent' }
  | { readonly kind: 'queued' }
  | {
      readonly kind: 'refused';
      readonly message: string;
      readonly problems: Readonly<Record<string, string>>;
    };

type Problems = Readonly<Record<string, string>>;

/** A typed number: a comma is a decimal point too (Spanish keyboards); blank is no number. */
export function numberOf(text: string): number {
  const cleaned = text.trim().replace(',', '.');
  return cleaned === '' ? Number.NaN : Number(cleaned);
}

function Field(props: {
  readonly id: string;
  readonly label: string;
  readonly problem?: string | undefined;
  readonly hint?: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.hint ? <div className={classes.hint}>{props.hint}</div> : null}
      {props.problem ? (
        <div className={classes.fieldError} id={`${props.id}-problem`} role="alert">
          {props.problem}
        </div>
      ) : null}
    </div>
  );
}

export function SignScreen(props: {
  readonly load: DriverLoad;
  readonly onSubmit: (body: TicketDeliveryInput) => Promise<SubmitOutcome>;
  readonly onBack: () => void;
}) {
  const { t } = useTranslation();
  const { load } = props;
  const [quantity, setQuantity] = useState(String(load.quantity));
  const [water, setWater] = useState('0');
  const [unit, setUnit] = useState<WaterUnit>('gal');
  const [overMaximumSigned, setOverMaximumSigned] = useState(false);
  const [comments, setComments] = useState('');
  const [receiverName, setReceiverName] = useState('');
  const [signed, setSigned] = useState(false);
  const [photo, setPhoto] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const pad = useRef<SignaturePadHandle>(null);
  const photoInput = useRef<HTMLInputElement>(null);

  const max = load.maxAllowableWaterGallons;
  const waterNumber = numberOf(water);
  const overMaximum =
    max !== null && Number.isFinite(waterNumber) && waterInGallons(waterNumber, unit) > max;

  /** A changed field's refusal no longer holds: it goes until the next submit. */
  const edited = (field: string) =>
    setProblems((current) => {
      if (!(field in current)) return current;
      return Object.fromEntries(Object.entries(current).filter(([name]) => name !== field));
    });

  const invalid = (field: string) => (problems[field] ? true : undefined);
  const describedBy = (field: string) => (problems[field] ? `sign-${field}-problem` : undefined);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input: TicketDeliveryInput = {
      deliveredQuantity: numberOf(quantity),
      waterAdded: numberOf(water),
      waterUnit: unit,
      waterOverMaximumSigned: overMaximum && overMaximumSigned,
      comments,
      receiverName,
      signaturePng: pad.current?.toDataUrl() ?? '',
      photoJpeg: photo,
      signedAt: new Date().toISOString(),
      version: load.ticketVersion,
    };
    const found: Record<string, string> = {};
    const parsed = ticketDeliverySchema.safeParse(input);
    if (!parsed.success) Object.assign(found, parseProblemsOf(parsed.error.issues));
    else {
      const water = waterOverMaximumProblem(parsed.data, max);
      if (water) found[water.field] = t('driver.sign.waterOverMaximum', { max });
    }
    // The commonest refusals in the driver's own words and language.
    if (!signed || input.signaturePng === '')
      found.signaturePng = t('driver.sign.signatureRequired');
    if (found.receiverName) found.receiverName = t('driver.sign.receiverRequired');
    for (const field of ['deliveredQuantity', 'waterAdded'])
      if (found[field] && !Number.isFinite(numberOf(field === 'waterAdded' ? water : quantity)))
        found[field] = t('driver.sign.numberRequired');
    if (Object.keys(found).length > 0) {
      setProblems(found);
      setMessage(t('driver.sign.fixFields'));
      return;
    }
    setProblems({});
    setMessage(null);
    setSubmitting(true);
    try {
      const outcome = await props.onSubmit(input);
      if (outcome.kind === 'refused') {
        setProblems(outcome.problems);
        setMessage(outcome.message);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const handlePhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      setPhoto(await photoDataUrl(file));
      edited('photoJpeg');
    } catch {
      setProblems((current) => ({ ...current, photoJpeg: t('driver.sign.photoFailed') }));
    }
  };

  return (
    <form className={classes.form} onSubmit={(event) => void handleSubmit(event)} noValidate>
      <div>
        <h2 className={classes.title}>{t('driver.sign.title')}</h2>
        <p className={classes.subtitle}>
          {t('driver.sign.forTicket', { number: load.ticketNumber, customer: load.customerName })}
        </p>
      </div>
      {message ? (
        <div className={classes.alert} role="alert">
          {message}
        </div>
      ) : null}
      <Field
        id="sign-deliveredQuantity"
        label={t('driver.sign.quantity', { unit: load.unit })}
        problem={problems.deliveredQuantity}
      >
        <input
          id="sign-deliveredQuantity"
          className={classes.input}
          inputMode="decimal"
          autoComplete="off"
          value={quantity}
          aria-invalid={invalid('deliveredQuantity')}
          aria-describedby={describedBy('deliveredQuantity')}
          onChange={(event) => {
            setQuantity(event.currentTarget.value);
            edited('deliveredQuantity');
          }}
        />
      </Field>
      <Field
        id="sign-waterAdded"
        label={t('driver.sign.water')}
        problem={problems.waterAdded ?? problems.waterUnit}
        hint={max !== null ? t('driver.sign.maxWater', { max }) : undefined}
      >
        <div className={classes.row}>
          <input
            id="sign-waterAdded"
            className={classes.input}
            inputMode="decimal"
            autoComplete="off"
            value={water}
            aria-invalid={invalid('waterAdded')}
            aria-describedby={describedBy('waterAdded')}
            onChange={(event) => {
              setWater(event.currentTarget.value);
              edited('waterAdded');
            }}
          />
          <div className={classes.segmented} role="radiogroup" aria-label={t('driver.sign.unit')}>
            {waterUnits.map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name="waterUnit"
                  value={option}
                  checked={unit === option}
                  onChange={() => {
                    setUnit(option);
                    edited('waterAdded');
                  }}
                />
                {t(`driver.sign.${option}`)}
              </label>
            ))}
          </div>
        </div>
      </Field>
      {overMaximum || problems.waterOverMaximumSigned ? (
        <label className={classes.check}>
          <input
            type="checkbox"
            checked={overMaximumSigned}
            onChange={(event) => setOverMaximumSigned(event.currentTarget.checked)}
          />
          {t('driver.sign.overMaximum')}
        </label>
      ) : null}
      <Field id="sign-comments" label={t('driver.sign.comments')} problem={problems.comments}>
        <textarea
          id="sign-comments"
          className={classes.input}
          value={comments}
          aria-invalid={invalid('comments')}
          onChange={(event) => {
            setComments(event.currentTarget.value);
            edited('comments');
          }}
        />
      </Field>
      <Field
        id="sign-receiverName"
        label={t('driver.sign.receiverName')}
        problem={problems.receiverName}
      >
        <input
          id="sign-receiverName"
          className={classes.input}
          autoComplete="name"
          value={receiverName}
          aria-invalid={invalid('receiverName')}
          aria-describedby={describedBy('receiverName')}
          onChange={(event) => {
            setReceiverName(event.currentTarget.value);
            edited('receiverName');
          }}
        />
      </Field>
      <div className={classes.field}>
        <span className={classes.label} id="sign-signature-label">
          {t('driver.sign.signature')}
        </span>
        <SignaturePad
          ref={pad}
          label={t('driver.sign.signature')}
          invalid={Boolean(problems.signaturePng)}
          describedBy={describedBy('signaturePng')}
          onChange={(now) => {
            setSigned(now);
            if (now) edited('signaturePng');
          }}
        />
        <div className={classes.row}>
          <span className={classes.hint} style={{ alignSelf: 'center' }}>
            {t('driver.sign.signatureHint')}
          </span>
          <button
            type="button"
            className={classes.button}
            style={{ flex: '0 0 40%' }}
            onClick={() => pad.current?.clear()}
          >
            {t('driver.sign.clear')}
          </button>
        </div>
        {problems.signaturePng ? (
          <div className={classes.fieldError} id="sign-signaturePng-problem" role="alert">
            {problems.signaturePng}
          </div>
        ) : null}
      </div>
      <div className={classes.field}>
        <label className={classes.label} htmlFor="sign-photo">
          {t('driver.sign.photo')}
        </label>
        <input
          ref={photoInput}
          id="sign-photo"
          className={classes.fileInput}
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(event) => void handlePhoto(event.currentTarget.files?.[0])}
        />
        {photo ? (
          <>
            <img className={classes.photoPreview} src={photo} alt={t('driver.sign.photo')} />
            <button
              type="button"
              className={classes.button}
              onClick={() => {
                setPhoto(null);
                if (photoInput.current) photoInput.current.value = '';
              }}
            >
              {t('driver.sign.removePhoto')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className={classes.button}
            onClick={() => photoInput.current?.click()}
          >
            {t('driver.sign.takePhoto')}
          </button>
        )}
        {problems.photoJpeg ? (
          <div className={classes.fieldError} role="alert">
            {problems.photoJpeg}
          </div>
        ) : null}
      </div>
      {problems.version || problems.signedAt ? (
        <div className={classes.alert} role="alert">
          {problems.version ?? problems.signedAt}
        </div>
      ) : null}
      <div className={classes.actions}>
        <button
          type="submit"
          className={`${classes.button} ${classes.primary}`}
          disabled={submitting}
        >
          {submitting ? t('driver.sign.submitting') : t('driver.sign.submit')}
        </button>
        <button type="button" className={classes.button} onClick={props.onBack}>
          {t('driver.sign.back')}
        </button>
      </div>
    </form>
  );
}
