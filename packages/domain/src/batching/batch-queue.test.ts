import { describe, expect, it } from 'vitest';
import {
  alleyProblem,
  batchActionRefusal,
  batchModeOf,
  batchQueueQuerySchema,
  batchTargets,
  isWithinBatchTolerance,
  type BatchActionTarget,
} from './batch-queue';

const load = (over: Partial<BatchActionTarget> = {}): BatchActionTarget => ({
  ticketNumber: 1042,
  plantName: 'North',
  mode: 'panel',
  state: 'queued',
  sentBy: null,
  batchedBy: null,
  alley: null,
  ...over,
});

describe('R-BATCH-3: a load goes to the panel only when the plant and the order both say so', () => {
  it.each([
    [true, true, 'panel'],
    [true, false, 'manual'],
    [false, true, 'manual'],
    [false, false, 'manual'],
  ] as const)('plant %s, order %s: %s', (plantUsesBatchPanel, orderUploadsMix, mode) => {
    expect(batchModeOf({ plantUsesBatchPanel, orderUploadsMix })).toBe(mode);
  });
});

describe('R-BATCH-2: which action a load in each state takes', () => {
  it('sends a queued panel load, and refuses a second send naming who sent it', () => {
    expect(batchActionRefusal('send', load())).toBeNull();
    const refusal = batchActionRefusal('send', load({ state: 'sent', sentBy: 'maria', alley: 2 }));
    expect(refusal).toEqual({
      code: 'already_sent',
      message: 'Ticket 1042 was sent to the batch panel in alley 2 by maria and is batching.',
    });
  });

  it('retries only a failed load; sending a failed one asks for a retry', () => {
    expect(batchActionRefusal('retry', load({ state: 'failed' }))).toBeNull();
    expect(batchActionRefusal('send', load({ state: 'failed' }))?.code).toBe('failed_retry');
    expect(batchActionRefusal('retry', load())?.code).toBe('not_failed');
  });

  it('refuses the panel for a plant that batches by hand, which marks it batched instead', () => {
    const manual = load({ mode: 'manual' });
    expect(batchActionRefusal('send', manual)).toEqual({
      code: 'manual_batching',
      message: 'North batches ticket 1042 by hand: mark it batched once loaded.',
    });
    expect(batchActionRefusal('markBatched', manual)).toBeNull();
    expect(batchActionRefusal('markBatched', load({ state: 'failed' }))).toBeNull();
  });

  it('touches no batched load, and never marks one the panel is batching', () => {
    const batched = load({ state: 'batched', batchedBy: 'ana' });
    for (const action of ['send', 'retry', 'markBatched'] as const) {
      expect(batchActionRefusal(action, batched)?.message).toBe(
        'Ticket 1042 was already batched by ana.',
      );
    }
    expect(batchActionRefusal('markBatched', load({ state: 'sent', sentBy: 'bo' }))?.code).toBe(
      'already_sent',
    );
  });
});

describe('R-BATCH-6: targets are the mix design scaled by the load', () => {
  it('multiplies each raw material per unit by the quantity, to a tenth', () => {
    const recipe = [
      { rawMaterialId: 1, quantity: 564 },
      { rawMaterialId: 2, quantity: 1.333 },
      { rawMaterialId: 3, quantity: 0 },
    ];
    expect(batchTargets(recipe, 8.5).map((line) => line.target)).toEqual([4794, 11.3, 0]);
    expect(batchTargets(recipe, 8.5)[0]).toMatchObject({ rawMaterialId: 1, quantity: 564 });
  });
});

describe('R-BATCH-7: batched weights within 2% of their targets', () => {
  it('accepts up to 2% either way and flags more', () => {
    expect(isWithinBatchTolerance(5000, 5100)).toBe(true);
    expect(isWithinBatchTolerance(5000, 4900)).toBe(true);
    expect(isWithinBatchTolerance(5000, 5101)).toBe(false);
    expect(isWithinBatchTolerance(0, 0)).toBe(true);
    expect(isWithinBatchTolerance(0, 0.5)).toBe(false);
  });
});

describe('R-BATCH-4: alleys', () => {
  it('takes an alley the plant has', () => {
    expect(alleyProblem(1, 1)).toBeNull();
    expect(alleyProblem(3, 3)).toBeNull();
    expect(alleyProblem(2, 1)).toBe('must be 1: the plant has one alley');
    expect(alleyProblem(0, 3)).toBe("must be between 1 and 3: the plant's alleys");
  });

  it('reads the plant and alley from the query string', () => {
    expect(batchQueueQuerySchema.parse({ plantId: '4', alley: '2' })).toEqual({
      plantId: 4,
      alley: 2,
    });
    expect(batchQueueQuerySchema.safeParse({}).success).toBe(false);
  });
});
