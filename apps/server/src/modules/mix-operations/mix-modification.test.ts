/**
 * R-MIX-1..R-MIX-6, R-MIX-19 on each engine: what the mix screens choose from, the mix list,
 * a mix in full, its recipe saved (lines added, removed, changed in quantity and unit) with its
 * history and live event, 400 naming the field, 403, 404, 409 naming who changed it, and a mix
 * saved on the concrete product screen showing in the same history.
 */
import { describe, expect, it } from 'vitest';
import type { MixChoices, MixListRow } from '@dispatch/domain/mixes/mix-lists';
import type { MixDetail } from '@dispatch/domain/mixes/mix-recipe';
import { units } from '@dispatch/domain/units';
import { settle } from '../../../test/dispatch-listener';
import type { ErrorAnswer } from '../../../test/order-fixtures';
import { databaseKinds } from '../../../test/test-tenancy';
import { recipeRows, mixSuite } from '../../../test/mix-fixtures';

type Envelope<T> = { data: T[]; count: number };

const base = '/api/v1/mix-operations';

describe.each(databaseKinds)('concrete mix modification on %s', (kind) => {
  const { s, call } = mixSuite(kind);
  const detail = async (id: number, who = 'clerk') => {
    const response = await call('GET', `${base}/mixes/${id}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MixDetail>();
  };
  const list = async (query: string) => {
    const response = await call('GET', `${base}/mixes?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<MixListRow>>();
  };

  it('R-MIX-19: offers the concrete plants, every raw material and the units', async () => {
    const response = await call('GET', `${base}/choices`, 'reader');
    expect(response.statusCode).toBe(200);
    const choices = response.json<MixChoices>();
    expect(choices.plants.map((plant) => plant.description)).toEqual(['North', 'South']);
    expect(choices.rawMaterials.find((material) => material.code === 'OLD')).toMatchObject({
      inactive: true,
    });
    expect(choices.units.find((unit) => unit.id === units.pounds)).toEqual({
      id: units.pounds,
      name: 'Pounds',
      abbreviation: 'lb',
    });
    for (const who of ['outsider', 'quarry']) {
      expect((await call('GET', `${base}/choices`, who)).statusCode).toBe(403);
    }
  });

  it('R-MIX-1: finds mixes by plant, words, strength and raw material, as the clerk types', async () => {
    const north = await list(`plantIds=${s.world.plant.north}`);
    expect(north.data.map((mix) => mix.description)).toEqual([
      '3000 psi - North',
      '4000 psi - North',
      '5000 psi - North',
    ]);
    expect(north.data[0]).toMatchObject({
      productNumber: '3000',
      plantName: 'North',
      lineCount: 5,
    });
    expect((await list('search=30')).data.map((mix) => mix.id)).toEqual([
      s.world.mix.north3000,
      s.world.mix.south3000,
    ]);
    expect((await list('strengthMin=4000&strengthMax=4500')).count).toBe(1);
    expect((await list(`usingRawMaterialId=${s.world.material.CEM3}`)).count).toBe(2);
    expect((await list('includeInactive=true&limit=2')).count).toBe(5);
    const bad = await call('GET', `${base}/mixes?strengthMin=5000&strengthMax=3000`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorAnswer>().data).toEqual([
      { field: 'strengthMax', reason: 'must not be below the lowest strength' },
    ]);
    expect((await call('GET', `${base}/mixes?plantIds=north`)).statusCode).toBe(400);
  });

  it('R-MIX-2: shows a mix’s design values, recipe in batching order, version and history', async () => {
    const mix = await detail(s.world.mix.north3000, 'reader');
    expect(mix).toMatchObject({
      id: s.world.mix.north3000,
      description: '3000 psi - North',
      productNumber: '3000',
      plantName: 'North',
      strength: 3000,
      slump: 4,
      air: 1.5,
      waterToCementRatio: 0.45,
      version: 1,
      modifiedBy: 'seed',
      history: [],
    });
    expect(mix.lines.map((line) => [line.code, line.quantity, line.unitOfMeasureId])).toEqual([
      ['CEM', 470, units.pounds],
      ['FLYASH', 100, units.pounds],
      ['SAND', 1400, units.pounds],
      ['WATER', 32, units.gallons],
      ['WRA', 14, units.fluidOz],
    ]);
    expect((await call('GET', `${base}/mixes/999999`)).statusCode).toBe(404);
    expect(
      (await call('GET', `${base}/mixes/${s.world.mix.north3000}`, 'outsider')).statusCode,
    ).toBe(403);
  });

  it('R-MIX-3, R-MIX-5: saves added, removed and changed lines, with history and event', async () => {
    const mix = await detail(s.world.mix.north3000);
    const response = await call('PUT', `${base}/mixes/${s.world.mix.north3000}/recipe`, 'clerk', {
      version: mix.version,
      note: 'Trial batch 12',
      rawMaterials: [
        { rawMaterialId: s.world.material.CEM, quantity: 480, unitOfMeasureId: units.pounds },
        { rawMaterialId: s.world.material.SLAG, quantity: 90, unitOfMeasureId: units.pounds },
        { rawMaterialId: s.world.material.SAND, quantity: 1400, unitOfMeasureId: units.pounds },
        { rawMaterialId: s.world.material.WATER, quantity: 32, unitOfMeasureId: units.gallons },
        { rawMaterialId: s.world.material.WRA, quantity: 0.4, unitOfMeasureId: units.gallons },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<MixDetail>();
    expect(saved.version).toBe(mix.version + 1);
    expect(saved.modifiedBy).toBe('clerk');
    expect(saved.history).toEqual([
      {
        id: expect.any(Number),
        at: '2026-03-10T14:00:00.000Z',
        username: 'clerk',
        source: 'modification',
        globalChangeId: null,
        note: 'Trial batch 12',
        reordered: false,
        design: [],
        lines: [
          expect.objectContaining({ code: 'CEM', quantityBefore: 470, quantityAfter: 480 }),
          expect.objectContaining({ code: 'SLAG', quantityBefore: null, quantityAfter: 90 }),
          expect.objectContaining({
            code: 'WRA',
            quantityBefore: 14,
            quantityAfter: 0.4,
            unitBefore: units.fluidOz,
            unitAfter: units.gallons,
          }),
          expect.objectContaining({ code: 'FLYASH', quantityBefore: 100, quantityAfter: null }),
        ],
      },
    ]);
    expect((await recipeRows(s.t.db, s.world.mix.north3000)).map((row) => row.sequence)).toEqual([
      0, 1, 2, 3, 4,
    ]);
    const event = await s.events.next('resourceChanged_v1');
    expect(event.data).toEqual({
      resource: 'concreteMixes',
      id: s.world.mix.north3000,
      action: 'updated',
      version: saved.version,
      by: 'clerk',
    });

    // The same recipe again writes nothing.
    s.events.clear();
    const same = await call('PUT', `${base}/mixes/${s.world.mix.north3000}/recipe`, 'clerk', {
      version: saved.version,
      rawMaterials: saved.lines.map((line) => ({
        rawMaterialId: line.rawMaterialId,
        quantity: line.quantity,
        unitOfMeasureId: line.unitOfMeasureId,
      })),
    });
    expect(same.json<MixDetail>().version).toBe(saved.version);
    await settle();
    expect(s.events.events).toEqual([]);
  });

  it('R-MIX-4: 409 naming who changed the mix since it was read; 400 naming the line', async () => {
    const mix = await detail(s.world.mix.north4000);
    const lines = mix.lines.map((line) => ({
      rawMaterialId: line.rawMaterialId,
      quantity: line.quantity,
      unitOfMeasureId: line.unitOfMeasureId,
    }));
    const first = await call('PUT', `${base}/mixes/${mix.id}/recipe`, 'maria', {
      version: mix.version,
      rawMaterials: [{ ...lines[0]!, quantity: 550 }, ...lines.slice(1)],
    });
    expect(first.statusCode).toBe(200);
    const late = await call('PUT', `${base}/mixes/${mix.id}/recipe`, 'clerk', {
      version: mix.version,
      rawMaterials: [{ ...lines[0]!, quantity: 560 }, ...lines.slice(1)],
    });
    expect(late.statusCode).toBe(409);
    const conflict = late.json<ErrorAnswer<{ modifiedBy: string }>>();
    expect(conflict.message).toMatch(/4000 psi - North was changed by maria at/);
    expect(conflict.data.modifiedBy).toBe('maria');
    expect((await detail(mix.id)).lines[0]!.quantity).toBe(550);

    const bad = async (rawMaterials: unknown[], field: string, reason: RegExp) => {
      const response = await call('PUT', `${base}/mixes/${mix.id}/recipe`, 'clerk', {
        version: mix.version + 1,
        rawMaterials,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<ErrorAnswer>().data).toContainEqual({
        field,
        reason: expect.stringMatching(reason),
      });
    };
    await bad(
      [{ rawMaterialId: s.world.material.CEM, quantity: -1 }],
      'rawMaterials.0.quantity',
      /at least 0/,
    );
    await bad(
      [
        { rawMaterialId: s.world.material.CEM, quantity: 1 },
        { rawMaterialId: s.world.material.CEM, quantity: 2 },
      ],
      'rawMaterials.1.rawMaterialId',
      /already on row 1/,
    );
    await bad(
      [{ rawMaterialId: 999_999, quantity: 1 }],
      'rawMaterials.0.rawMaterialId',
      /no raw material has id 999999/,
    );
    await bad(
      [{ rawMaterialId: s.world.material.CEM, quantity: 1, unitOfMeasureId: 777 }],
      'rawMaterials.0.unitOfMeasureId',
      /no unit of measure has id 777/,
    );
    await bad([], 'rawMaterials', /at least one raw material/);
    const body = {
      version: 1,
      rawMaterials: [{ rawMaterialId: s.world.material.CEM, quantity: 1 }],
    };
    expect((await call('PUT', `${base}/mixes/999999/recipe`, 'clerk', body)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/mixes/${mix.id}/recipe`, 'reader', body)).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `${base}/mixes/${mix.id}/recipe`, 'quarry', body)).statusCode).toBe(
      403,
    );
  });

  it('R-MIX-5: a mix saved on the concrete product screen shows in the same history', async () => {
    const record = (
      await call('GET', `/api/v1/concrete-mixes/${s.world.mix.north5000}`, 'maria')
    ).json<
      Record<string, unknown> & { version: number; rawMaterials: Record<string, unknown>[] }
    >();
    const saved = await call('PUT', `/api/v1/concrete-mixes/${s.world.mix.north5000}`, 'maria', {
      version: record.version,
      strength: 5500,
      rawMaterials: [
        ...record.rawMaterials.map((row) => ({
          rawMaterialId: row.rawMaterialId,
          quantity: row.rawMaterialId === s.world.material.CEM3 ? 650 : row.quantity,
          unitOfMeasureId: row.unitOfMeasureId,
          sequence: row.sequence,
        })),
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const history = (await detail(s.world.mix.north5000)).history;
    expect(history).toEqual([
      expect.objectContaining({
        username: 'maria',
        source: 'maintenance',
        design: [{ field: 'strength', before: 5000, after: 5500 }],
        lines: [expect.objectContaining({ code: 'CEM3', quantityBefore: 610, quantityAfter: 650 })],
      }),
    ]);
  });
});
