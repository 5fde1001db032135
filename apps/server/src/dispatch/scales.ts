import type { ScaleReading } from '@dispatch/domain/dispatch/dispatch-events';

/** A truck scale at an aggregate plant, identified by the plant's id. */
export type Scale = { database: string; scaleId: number; plantId: number };

/**
 * Where weights come from. Real scale indicators (serial or TCP, e.g. a Rice Lake or Cardinal
 * head) implement this; the simulated source stands in for them in demos and tests.
 */
export type ScaleSource = {
  /** Starts reading a scale; the returned function stops. */
  watch(scale: Scale, onReading: (reading: ScaleReading) => void): () => void;
};

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
          readAt: now().toISOString(),
        });
        step += 1;
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
