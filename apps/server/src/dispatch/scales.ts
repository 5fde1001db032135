import type { ScaleReading } from '@dispatch/domain/dispatch/dispatch-events';

/** A truck scale at an aggregate plant, identified by the plant's id. */
export type Scale = { database: string; scaleId: number; plantId: number };

/**
 * A reading as a source hands it over: what the screens get (updateScale_v1), and the indicator's
 * frame it came from, which a weight taken from it keeps (R-SCALE-4) and the screens never see.
 */
export type SourceReading = ScaleReading & { frame: string | null };

/**
 * Where weights come from: the plant's configured indicator (`configured-scales.ts`, through the
 * drivers in `scale-drivers/`), or the in-process simulator below, which tests hand in.
 */
export type ScaleSource = {
  /** Starts reading a scale; the returned function stops. */
  watch(scale: Scale, onReading: (reading: SourceReading) => void): () => void;
};

/** What updateScale_v1 carries of a reading: never the raw frame. */
export function hubReading({ frame: _frame, ...reading }: SourceReading): ScaleReading {
  return reading;
}

/**
 * A deck that sees a truck drive on, settle, and drive off again: tare about 13 t, loads of
 * 20-25 t, in pounds as North American aggregate scales read.
 */
export function createSimulatedScaleSource(
  options: { intervalMs?: number; now?: () => Date } = {},
): ScaleSource {
  const intervalMs = options.intervalMs ?? 500;
  const now = options.now ?? (() => new Date());
  return {
    watch(scale, onReading) {
      let step = 0;
      let target = 0;
      let weight = 0;
      const timer = setInterval(() => {
        const phase = step % 24;
        if (phase === 0) target = 26_000 + Math.round(Math.random() * 24_000);
        // Driving on (0-5), settled (6-17), driving off (18-23).
        const goal = phase < 18 ? target : 0;
        weight = phase < 6 || phase >= 18 ? Math.round(weight + (goal - weight) / 2) : goal;
        const stable = phase >= 8 && phase < 18;
        const jitter = stable ? 0 : Math.round((Math.random() - 0.5) * 200);
        onReading({
          scaleId: scale.scaleId,
          plantId: scale.plantId,
          weight: Math.max(0, Math.round((weight + jitter) / 20) * 20),
          unit: 'lb',
          stable,
          status: stable ? 'ok' : 'motion',
          readAt: now().toISOString(),
          frame: null,
        });
        step += 1;
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
