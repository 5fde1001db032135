/**
 * Each wire format read into one shape the indicator watcher understands: the weight on the deck
 * and what the indicator says about it.
 */
import type { ScaleProtocol, ScaleWeightUnit } from '@dispatch/domain/plants/scale';
import { createSmaParser, smaRequest } from './sma';
import { createToledoParser, type ToledoChecksum } from './toledo-continuous';

export type IndicatorProtocol = Exclude<ScaleProtocol, 'simulated'>;

export type IndicatorFrame = {
  /** The gross weight on the deck; null when the indicator sends an error instead of a weight. */
  gross: number | null;
  /** Null when the frame names no unit: the scale's own unit applies. */
  unit: ScaleWeightUnit | null;
  /** Not settled, or not ready to weigh (powered up without zeroing, a zero or tare error). */
  motion: boolean;
  overRange: boolean;
  underZero: boolean;
  /** The bytes the weight was read from, as `printableBytes` writes them. */
  raw: string;
};

/** One connection's conversation with an indicator; a new connection starts a new one. */
export type ProtocolSession = {
  /** Whether these bytes held any valid message (the link is alive), and the weights they give. */
  push(chunk: Buffer): { answered: boolean; frames: IndicatorFrame[] };
  /** What to send now: SMA is asked for each weight, Toledo continuous talks unasked (null). */
  request(): Buffer | null;
};

export function startProtocolSession(
  protocol: IndicatorProtocol,
  options: { toledoChecksum: ToledoChecksum },
): ProtocolSession {
  return protocol === 'sma' ? startSmaSession() : startToledoSession(options.toledoChecksum);
}

function startToledoSession(checksum: ToledoChecksum): ProtocolSession {
  const parser = createToledoParser({ checksum });
  return {
    push(chunk) {
      const frames = parser.push(chunk).map((frame) => ({
        gross: frame.gross,
        unit: frame.unit,
        motion: frame.motion || frame.notZeroed,
        overRange: frame.overRange,
        underZero: frame.underZero,
        raw: frame.raw,
      }));
      return { answered: frames.length > 0, frames };
    },
    request: () => null,
  };
}

/** While tared, every this many polls asks for the tare again (it changes only when re-tared). */
const tarePollEvery = 8;

/**
 * `W` answers with the displayed weight, which is net once the indicator is tared; the gross
 * then needs the tare, which `M` answers. Until a tare is known a net weight is not shown.
 */
function startSmaSession(): ProtocolSession {
  const parser = createSmaParser();
  let tare: { weight: number; raw: string } | null = null;
  let net = false;
  let polls = 0;
  return {
    push(chunk) {
      const answers = parser.push(chunk);
      const frames: IndicatorFrame[] = [];
      for (const answer of answers) {
        if (answer.tare) {
          tare = answer.weight === null ? null : { weight: answer.weight, raw: answer.raw };
          continue;
        }
        net = answer.net;
        if (!net) tare = null;
        if (net && answer.weight !== null && tare === null) continue;
        // Both are decimals of at most a few places: rounded, their sum is the decimal meant.
        const gross =
          answer.weight === null
            ? null
            : net && tare
              ? Number((answer.weight + tare.weight).toFixed(6))
              : answer.weight;
        frames.push({
          gross,
          unit: answer.unit,
          motion: answer.motion || answer.error !== null,
          overRange: answer.overRange,
          underZero: answer.underZero,
          raw: net && tare ? `${tare.raw}${answer.raw}` : answer.raw,
        });
      }
      return { answered: answers.length > 0, frames };
    },
    request() {
      polls += 1;
      return smaRequest(net && (tare === null || polls % tarePollEvery === 0) ? 'M' : 'W');
    },
  };
}
