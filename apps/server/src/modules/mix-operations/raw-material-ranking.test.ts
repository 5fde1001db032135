/**
 * R-MIX-15..R-MIX-19 on each engine: a plant's raw material rankings, one saved first and then
 * reordered with its version, 409 naming who saved it since, 400 naming the entry, 403, 404, and
 * the live event every open ranking screen follows.
 */
import { describe, expect, it } from 'vitest';
import type {
  PlantRankings,
  RawMaterialRanking,
} from '@dispatch/domain/mixes/raw-material-ranking';
import type { ErrorAnswer } from '../../../test/order-fixtures';
import { databaseKinds } from '../../../test/test-tenancy';
import { mixSuite } from '../../../test/mix-fixtures';

const base = '/api/v1/mix-operations/rankings';

describe.each(databaseKinds)('raw material ranking on %s', (kind) => {
  const { s, call } = mixSuite(kind);
  const rankings = async (plantId: number, who = 'clerk') => {
    const response = await call('GET', `${base}?plantId=${plantId}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PlantRankings>();
  };
  const codes = (ranking: RawMaterialRanking | undefined) =>
    ranking?.substitutes.map((material) => material.code);

  it('R-MIX-15: lists what the plant’s mixes call for, each alone until ranked', async () => {
    const north = await rankings(s.world.plant.north, 'reader');
    expect(north.plantName).toBe('North');
    expect(
      north.rankings.map((ranking) => [ranking.rawMaterial.code, ranking.usedByMixes]),
    ).toEqual([
      ['CEM', 2],
      ['CEM3', 1],
      ['FLYASH', 1],
      ['SAND', 1],
      ['SLAG', 1],
      ['WATER', 3],
      ['WRA', 1],
    ]);
    expect(north.rankings[0]).toMatchObject({ id: null, version: null, modifiedBy: '' });
    expect(codes(north.rankings[0])).toEqual(['CEM']);
    expect((await call('GET', `${base}?plantId=${s.world.plant.pit}`)).statusCode).toBe(404);
    expect((await call('GET', `${base}?plantId=x`)).statusCode).toBe(400);
    for (const who of ['outsider', 'quarry']) {
      const refused = await call('GET', `${base}?plantId=${s.world.plant.north}`, who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorAnswer>().message).toBe(
        'You do not have permissions to access this form Raw Material Ranking',
      );
    }
  });

  it('R-MIX-16, R-MIX-18: saves a first ranking, then a reorder with its version, live', async () => {
    const path = `${base}/${s.world.plant.north}/${s.world.material.CEM}`;
    const first = await call('PUT', path, 'clerk', {
      version: null,
      order: [s.world.material.CEM, s.world.material.CEM3, s.world.material.SLAG],
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json<RawMaterialRanking>();
    expect(saved).toMatchObject({ version: 1, modifiedBy: 'clerk', usedByMixes: 2 });
    expect(codes(saved)).toEqual(['CEM', 'CEM3', 'SLAG']);
    const created = await s.events.next('resourceChanged_v1');
    expect(created.data).toEqual({
      resource: 'rawMaterialRankings',
      id: saved.id,
      action: 'created',
      version: 1,
      by: 'clerk',
    });

    const moved = await call('PUT', path, 'maria', {
      version: 1,
      order: [s.world.material.CEM3, s.world.material.CEM, s.world.material.SLAG],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(codes(moved.json<RawMaterialRanking>())).toEqual(['CEM3', 'CEM', 'SLAG']);
    const north = await rankings(s.world.plant.north);
    const cement = north.rankings.find((ranking) => ranking.rawMaterial.code === 'CEM');
    expect(cement).toMatchObject({ version: 2, modifiedBy: 'maria' });
    expect(codes(cement)).toEqual(['CEM3', 'CEM', 'SLAG']);
    // Another plant's ranking of the same raw material is its own.
    expect(codes((await rankings(s.world.plant.south)).rankings[0])).toEqual(['CEM']);

    // The clerk still holds version 1: refused, naming maria; a second first ranking too.
    const stale = await call('PUT', path, 'clerk', { version: 1, order: [s.world.material.CEM] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorAnswer>().message).toMatch(
      /The ranking of Portland cement Type I\/II was changed by maria at .* since you opened it/,
    );
    const again = await call('PUT', path, 'clerk', {
      version: null,
      order: [s.world.material.CEM],
    });
    expect(again.statusCode).toBe(409);
    expect(codes((await rankings(s.world.plant.north)).rankings[0])).toEqual([
      'CEM3',
      'CEM',
      'SLAG',
    ]);
  });

  it('R-MIX-16, R-MIX-19: 400 naming the entry, 404, 403', async () => {
    const path = `${base}/${s.world.plant.south}/${s.world.material.CEM}`;
    const bad = async (order: unknown, field: string, reason: RegExp) => {
      const response = await call('PUT', path, 'clerk', { version: null, order });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<ErrorAnswer>().data).toContainEqual({
        field,
        reason: expect.stringMatching(reason),
      });
    };
    await bad([s.world.material.CEM3], 'order', /must include the raw material being ranked/);
    await bad([s.world.material.CEM, s.world.material.CEM], 'order.1', /already ranked 1/);
    await bad([s.world.material.CEM, 999_999], 'order.1', /no raw material has id 999999/);
    await bad(
      [s.world.material.CEM, s.world.material.WATER],
      'order.1',
      /must be measured in pounds/,
    );
    await bad([], 'order', /at least the raw material itself/);
    const body = { version: null, order: [s.world.material.CEM] };
    expect(
      (await call('PUT', `${base}/${s.world.plant.pit}/${s.world.material.CEM}`, 'clerk', body))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `${base}/${s.world.plant.south}/999999`, 'clerk', body)).statusCode,
    ).toBe(404);
    expect(
      (
        await call('PUT', `${base}/${s.world.plant.north}/${s.world.material.SAND}`, 'clerk', {
          version: 4,
          order: [s.world.material.SAND],
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('PUT', path, 'reader', body)).statusCode).toBe(403);
    expect((await call('PUT', path, 'quarry', body)).statusCode).toBe(403);
  });
});
