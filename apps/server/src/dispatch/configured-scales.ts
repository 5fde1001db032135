/**
 * R-SCALE-1..3: each scale read as its plant record says: through the driver of its indicator's
 * wire format at its address, or from the simulator. The settings are read again every few
 * seconds while the scale is watched, so a change in plant maintenance takes effect without a
 * restart: the old driver stops and the new one starts.
 */
import type { FastifyBaseLogger } from 'fastify';
import { parseScaleAddress, type ScaleSettings } from '@dispatch/domain/plants/scale';
import type { Tenancy } from '../db/tenancy';
import {
  createSimulatedScaleSource,
  type Scale,
  type ScaleSource,
  type SourceReading,
} from './scales';
import { watchIndicator } from './scale-drivers/indicator';
import { scaleSettingsOf } from './scale-settings';

export type ConfiguredScaleOptions = {
  tenancy: Tenancy;
  /** Stands in for plants whose protocol is `simulated`; the in-process simulator by default. */
  simulated?: ScaleSource;
  /** How often the plant's settings are read again (default 2 s). */
  settingsEveryMs?: number;
  now?: () => Date;
  logger?: Pick<FastifyBaseLogger, 'warn'>;
};

/** The plant's scale settings, or null when the plant is gone. */
export async function readScaleSettings(
  tenancy: Tenancy,
  scale: Pick<Scale, 'database' | 'plantId'>,
): Promise<ScaleSettings | null> {
  const { db } = await tenancy.open(scale.database);
  return scaleSettingsOf(db, scale.plantId);
}

export function createConfiguredScaleSource(options: ConfiguredScaleOptions): ScaleSource {
  const simulated = options.simulated ?? createSimulatedScaleSource();
  const now = options.now ?? (() => new Date());
  const settingsEveryMs = options.settingsEveryMs ?? 2_000;

  /** Starts the driver the settings name; a setting no driver can open reads as disconnected. */
  function start(
    scale: Scale,
    settings: ScaleSettings,
    onReading: (reading: SourceReading) => void,
  ): () => void {
    if (settings.scaleProtocol === 'simulated') return simulated.watch(scale, onReading);
    const parsed = parseScaleAddress(settings.scaleAddress ?? '');
    const reading = (fields: Omit<SourceReading, 'scaleId' | 'plantId' | 'readAt'>) =>
      onReading({
        scaleId: scale.scaleId,
        plantId: scale.plantId,
        readAt: now().toISOString(),
        ...fields,
      });
    if ('problem' in parsed) {
      reading({
        weight: 0,
        unit: settings.scaleUnit,
        stable: false,
        status: 'disconnected',
        frame: null,
      });
      return () => undefined;
    }
    return watchIndicator(
      {
        protocol: settings.scaleProtocol,
        address: parsed.address,
        capacity: settings.scaleCapacity,
        division: settings.scaleDivision,
        unit: settings.scaleUnit,
      },
      (indicator) => reading(indicator),
    );
  }

  return {
    watch(scale, onReading) {
      let stopped = false;
      let current: { key: string; stop: () => void } | undefined;
      const apply = async () => {
        const settings = await readScaleSettings(options.tenancy, scale);
        if (stopped || !settings) return;
        const key = JSON.stringify(settings);
        if (current?.key === key) return;
        current?.stop();
        current = { key, stop: start(scale, settings, onReading) };
      };
      const check = () =>
        void apply().catch((error: unknown) =>
          options.logger?.warn({ err: error }, 'the scale settings could not be read'),
        );
      check();
      const timer = setInterval(check, settingsEveryMs);
      timer.unref();
      return () => {
        stopped = true;
        clearInterval(timer);
        current?.stop();
        current = undefined;
      };
    },
  };
}
