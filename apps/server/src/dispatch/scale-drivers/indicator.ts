/**
 * R-SCALE-3: a real scale indicator watched over its wire: every weight it sends as a reading
 * with its status, and a lost link reported as `disconnected` within two seconds, so no one takes
 * a weight from a scale that is no longer talking.
 */
import {
  poundsPerKilogram,
  readingStatus,
  type ScaleAddress,
  type ScaleReadingStatus,
  type ScaleWeightUnit,
} from '@dispatch/domain/plants/scale';
import {
  startProtocolSession,
  type IndicatorFrame,
  type IndicatorProtocol,
  type ProtocolSession,
} from './indicator-protocols';
import { openScaleLink, type Backoff } from './scale-link';
import type { ToledoChecksum } from './toledo-continuous';

export type IndicatorSettings = {
  protocol: IndicatorProtocol;
  address: ScaleAddress;
  capacity: number | null;
  division: number | null;
  /** The scale's unit: capacity and division are in it, and SMA frames without a unit are too. */
  unit: ScaleWeightUnit;
  /** How often SMA is asked for the weight; 250 ms unless set. */
  smaPollMs?: number;
  /** How long without a valid frame before the scale counts as disconnected; 1,500 ms unless set. */
  silenceMs?: number;
  /** Whether Toledo frames end in a checksum; found out from the stream unless set. */
  toledoChecksum?: ToledoChecksum;
  backoff?: Backoff;
};

export type IndicatorReading = {
  weight: number;
  unit: ScaleWeightUnit;
  /** True only when `status` is `ok`. */
  stable: boolean;
  status: ScaleReadingStatus;
  /** The frame the weight was read from (for the ticket's history); null when disconnected. */
  frame: string | null;
};

export type IndicatorLinkEvent =
  { kind: 'connected' } | { kind: 'disconnected'; reason: string; retryInMs: number };

/** Continuous output sends up to 20 frames a second: an unchanged reading goes out 5 times. */
const unchangedEveryMs = 200;

/** Starts watching the indicator; the returned function stops and closes the link. */
export function watchIndicator(
  settings: IndicatorSettings,
  onReading: (reading: IndicatorReading) => void,
  onLink: (event: IndicatorLinkEvent) => void = () => undefined,
): () => void {
  const silenceMs = settings.silenceMs ?? 1500;
  const emit = throttled(onReading);
  const newSession = () =>
    startProtocolSession(settings.protocol, {
      toledoChecksum: settings.toledoChecksum ?? 'auto',
    });
  let session: ProtocolSession = newSession();
  let connected = false;
  let last: { weight: number; unit: ScaleWeightUnit } = { weight: 0, unit: settings.unit };
  let disconnectedShown = false;

  const showDisconnected = () => {
    if (disconnectedShown) return;
    disconnectedShown = true;
    emit({ ...last, stable: false, status: 'disconnected', frame: null });
  };
  const ask = () => {
    const request = session.request();
    if (request && connected) link.write(request);
  };

  // Runs `silenceMs` after the last valid frame (re-armed by each): the connection may look open
  // while nothing comes (a converter whose serial side is unplugged, a half-open socket), so it is
  // also dropped and made again, and again each `silenceMs` while nothing comes.
  const silence = setTimeout(function silent() {
    showDisconnected();
    if (connected) link.restart(`no valid frame in ${silenceMs} ms`);
    silence.refresh();
  }, silenceMs);
  silence.unref();
  const poll =
    settings.protocol === 'sma' ? setInterval(ask, settings.smaPollMs ?? 250).unref() : null;

  const link = openScaleLink(
    settings.address,
    {
      connected() {
        connected = true;
        session = newSession();
        // The indicator gets a full `silenceMs` to speak on a new connection.
        silence.refresh();
        ask();
        onLink({ kind: 'connected' });
      },
      disconnected(event) {
        connected = false;
        showDisconnected();
        onLink({ kind: 'disconnected', ...event });
      },
      data(chunk) {
        const { answered, frames } = session.push(chunk);
        if (!answered) return;
        silence.refresh();
        link.healthy();
        for (const frame of frames) {
          const reading = readingOf(frame, settings, last.weight);
          last = { weight: reading.weight, unit: reading.unit };
          disconnectedShown = false;
          emit(reading);
        }
      },
    },
    { backoff: settings.backoff },
  );

  return () => {
    clearTimeout(silence);
    if (poll) clearInterval(poll);
    link.close();
  };
}

function readingOf(
  frame: IndicatorFrame,
  settings: IndicatorSettings,
  lastWeight: number,
): IndicatorReading {
  const unit = frame.unit ?? settings.unit;
  const status = statusOf(frame, unit, settings);
  return {
    weight: frame.gross ?? lastWeight,
    unit,
    stable: status === 'ok',
    status,
    frame: frame.raw,
  };
}

/**
 * The domain's rule (over range, then under zero, then motion), with the capacity compared in the
 * scale's unit. An indicator's own under-zero flag counts even on a weight shown as zero; one
 * that sends an error instead of a weight cannot be weighed on, shown as motion.
 */
function statusOf(
  frame: IndicatorFrame,
  unit: ScaleWeightUnit,
  settings: IndicatorSettings,
): Exclude<ScaleReadingStatus, 'disconnected'> {
  if (frame.gross === null) return frame.overRange ? 'overCapacity' : 'motion';
  const status = readingStatus({
    weight: inUnit(frame.gross, unit, settings.unit),
    motion: frame.motion,
    overRange: frame.overRange,
    capacity: settings.capacity,
    division: settings.division,
  });
  return frame.underZero && (status === 'ok' || status === 'motion') ? 'underZero' : status;
}

function inUnit(weight: number, from: ScaleWeightUnit, to: ScaleWeightUnit): number {
  if (from === to) return weight;
  return from === 'kg' ? weight * poundsPerKilogram : weight / poundsPerKilogram;
}

/**
 * Passes a change of weight, unit, status or stability on at once, and an unchanged reading at
 * most every `unchangedEveryMs`: the screen still hears the scale is alive, without 20 a second.
 */
function throttled(onReading: (reading: IndicatorReading) => void) {
  let previous: IndicatorReading | null = null;
  let previousAt = 0;
  return (reading: IndicatorReading) => {
    const now = performance.now();
    const same =
      previous !== null &&
      previous.weight === reading.weight &&
      previous.unit === reading.unit &&
      previous.status === reading.status &&
      previous.stable === reading.stable;
    if (same && now - previousAt < unchangedEveryMs) return;
    previous = reading;
    previousAt = now;
    onReading(reading);
  };
}
