/**
 * R-MIX-7..R-MIX-14, R-MIX-19 on each engine: the global mix design change's preview, apply,
 * history and reversal: 400 naming the field, 403, 404, 409 when a mix changed since the preview
 * or since the change, the preview equal to what apply writes, a reversal that restores every mix
 * exactly, and a failed apply that leaves nothing and sends no event.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  GlobalMixChange,
  GlobalMixChangeDetail,
  MixChangePreview,
  MixChangeRequestInput,
} from '@dispatch/domain/mixes/mix-design-change';
import type { MixDetail } from '@dispatch/domain/mixes/mix-recipe';
import { units } from '@dispatch/domain/units';
import { auditTrail } from '../../db/schema/audit';
import {
  concreteMixHistory,
  globalMixChangeLines,
  globalMixChanges,
} from '../../db/schema/mix-operations';
import { settle } from '../../../test/dispatch-listener';
import type { ErrorAnswer } from '../../../test/order-fixtures';
import { databaseKinds } from '../../../test/test-tenancy';
import { mixVersion, recipeRows, mixSuite } from '../../../test/mix-fixtures';

type Envelope<T> = { data: T[]; count: number };

const base = '/api/v1/mix-operations/global-changes';

describe.each(databaseKinds)('global mix design change on %s', (kind) => {
  const { s, call } = mixSuite(kind);

  const preview = async (request: MixChangeRequestInput, who = 'clerk') => {
    const response = await call('POST', `${base}/preview`, who, request);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MixChangePreview>();
  };
  const versionsOf = (answer: MixChangePreview) =>
    answer.mixes.map((mix) => ({ mixId: mix.mixId, version: mix.version }));
  const apply = (request: MixChangeRequestInput, answer: MixChangePreview, who = 'clerk') =>
    call('POST', base, who, { ...request, versions: versionsOf(answer) });
  const recipe = (mixId: number) => recipeRows(s.t.db, mixId);
  const countRows = async (table: typeof globalMixChanges | typeof concreteMixHistory) =>
    (await s.t.db.select({ n: count() }).from(table))[0]!.n;
  const saveRecipeAs = async (who: string, mixId: number, rawMaterials: unknown[]) => {
    const detail = (
      await call('GET', `/api/v1/mix-operations/mixes/${mixId}`, who)
    ).json<MixDetail>();
    const response = await call('PUT', `/api/v1/mix-operations/mixes/${mixId}/recipe`, who, {
      version: detail.version,
      rawMaterials,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('R-MIX-8, R-MIX-10: previews every mix and line a scale writes, and writes nothing', async () => {
    const request: MixChangeRequestInput = {
      rawMaterialId: s.world.material.CEM,
      action: 'scale',
      percent: 10,
      selection: { plantIds: [s.world.plant.north] },
    };
    const answer = await preview(request);
    expect(answer.totals).toEqual({ mixes: 2, lines: 2, plants: 1, unchanged: 0, skipped: 0 });
    // The 5000 uses Type III, the flowable fill is inactive, South is not chosen.
    expect(answer.mixes.map((mix) => [mix.description, mix.lines])).toEqual([
      [
        '3000 psi - North',
        [
          {
            rawMaterialId: s.world.material.CEM,
            code: 'CEM',
            description: 'Portland cement Type I/II',
            quantityBefore: 470,
            quantityAfter: 517,
            unitBefore: units.pounds,
            unitAfter: units.pounds,
          },
        ],
      ],
      ['4000 psi - North', [expect.objectContaining({ quantityBefore: 540, quantityAfter: 594 })]],
    ]);
    expect((await recipe(s.world.mix.north3000))[0]!.quantity).toBe(470);
    // Filters narrow: strength, description, the mixes using another raw material, inactive.
    const narrowed = await preview({
      ...request,
      selection: { strengthMin: 3500, usingRawMaterialId: s.world.material.SLAG },
    });
    expect(narrowed.mixes.map((mix) => mix.mixId)).toEqual([s.world.mix.north4000]);
    const searched = await preview({
      ...request,
      selection: { search: '3000', includeInactive: true },
    });
    expect(searched.mixes.map((mix) => mix.mixId)).toEqual([
      s.world.mix.north3000,
      s.world.mix.south3000,
    ]);
    const inactive = await preview({
      ...request,
      selection: { includeInactive: true, strengthMax: 200 },
    });
    expect(inactive.mixes.map((mix) => mix.mixId)).toEqual([s.world.mix.northFlow]);
    await settle();
    expect(s.events.events).toEqual([]);
  });

  it('R-MIX-19: 400 naming the field, 403 by form level and group, 401', async () => {
    const bad = async (body: unknown, field: string, reason: RegExp) => {
      const response = await call('POST', `${base}/preview`, 'clerk', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<ErrorAnswer>().data).toContainEqual({
        field,
        reason: expect.stringMatching(reason),
      });
    };
    await bad({ rawMaterialId: s.world.material.CEM, action: 'scale' }, 'percent', /is required/);
    await bad(
      { rawMaterialId: 999_999, action: 'set', quantity: 3 },
      'rawMaterialId',
      /no raw material has id 999999/,
    );
    await bad(
      {
        rawMaterialId: s.world.material.CEM,
        action: 'set',
        quantity: 3,
        selection: { plantIds: [s.world.plant.pit] },
      },
      'selection.plantIds',
      /no concrete plant has id/,
    );
    await bad(
      {
        rawMaterialId: s.world.material.CEM,
        action: 'replace',
        replacementRawMaterialId: s.world.material.OLD,
      },
      'replacementRawMaterialId',
      /inactive/,
    );
    await bad(
      {
        rawMaterialId: s.world.material.CEM,
        action: 'set',
        quantity: 3,
        selection: { strengthMin: 5, strengthMax: 1 },
      },
      'selection.strengthMax',
      /must not be below/,
    );
    const applyBad = await call('POST', base, 'clerk', {
      rawMaterialId: s.world.material.CEM,
      action: 'set',
      quantity: 3,
    });
    expect(applyBad.statusCode).toBe(400);
    expect(applyBad.json<ErrorAnswer>().data).toContainEqual({
      field: 'versions',
      reason: 'must list the previewed mixes and versions',
    });

    const body = {
      rawMaterialId: s.world.material.CEM,
      action: 'set',
      quantity: 3,
      versions: [{ mixId: 1, version: 1 }],
    };
    for (const who of ['outsider', 'quarry']) {
      const refused = await call('POST', `${base}/preview`, who, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorAnswer>().message).toBe(
        'You do not have permissions to access this form Global Mix Design Change',
      );
    }
    expect((await call('POST', base, 'reader', body)).statusCode).toBe(403);
    expect((await call('POST', `${base}/1/reverse`, 'reader')).statusCode).toBe(403);
    expect((await call('GET', base, 'reader')).statusCode).toBe(200);
    const anonymous = await s.t.app.inject({ method: 'GET', url: base });
    expect(anonymous.statusCode).toBe(401);
  });

  it('R-MIX-11, R-MIX-12: applies what it previewed, in one change, audited, in each history, live', async () => {
    const request: MixChangeRequestInput = {
      rawMaterialId: s.world.material.WATER,
      action: 'set',
      quantity: 30.5,
      selection: { plantIds: [s.world.plant.north, s.world.plant.south] },
      description: 'Summer water',
    };
    const answer = await preview(request);
    // Every active mix with water, at both plants.
    expect(answer.totals).toMatchObject({ mixes: 4, lines: 4, plants: 2 });
    const versionsBefore = await Promise.all(
      answer.mixes.map((mix) => mixVersion(s.t.db, mix.mixId)),
    );
    const response = await apply(request, answer);
    expect(response.statusCode, response.body).toBe(201);
    const change = response.json<GlobalMixChangeDetail>();
    expect(change).toMatchObject({
      action: 'set',
      quantity: 30.5,
      rawMaterial: { id: s.world.material.WATER, code: 'WATER' },
      description: 'Summer water',
      appliedBy: 'clerk',
      mixCount: 4,
      lineCount: 4,
      reversedAt: null,
    });
    // What apply wrote is what the preview showed, line for line.
    expect(change.mixes.map((mix) => [mix.mixId, mix.lines])).toEqual(
      answer.mixes.map((mix) => [mix.mixId, mix.lines]),
    );
    for (const [index, mix] of answer.mixes.entries()) {
      const water = (await recipe(mix.mixId)).find(
        (row) => row.rawMaterialId === s.world.material.WATER,
      );
      expect(water?.quantity).toBe(30.5);
      expect(await mixVersion(s.t.db, mix.mixId)).toBe(versionsBefore[index]! + 1);
    }
    const detail = (
      await call('GET', `/api/v1/mix-operations/mixes/${s.world.mix.north3000}`)
    ).json<MixDetail>();
    expect(detail.modifiedBy).toBe('clerk');
    expect(detail.history[0]).toMatchObject({
      username: 'clerk',
      source: 'globalChange',
      globalChangeId: change.id,
      note: 'Summer water',
      lines: [expect.objectContaining({ code: 'WATER', quantityBefore: 32, quantityAfter: 30.5 })],
    });
    const [audit] = await s.t.db
      .select()
      .from(auditTrail)
      .where(
        and(
          eq(auditTrail.resource, 'globalMixChanges'),
          eq(auditTrail.recordId, String(change.id)),
        ),
      );
    expect(audit).toMatchObject({ username: 'clerk', action: 'applied' });
    expect((audit!.after as GlobalMixChangeDetail).mixes).toHaveLength(4);
    const lines = await s.t.db
      .select()
      .from(globalMixChangeLines)
      .where(eq(globalMixChangeLines.changeId, change.id));
    expect(lines).toHaveLength(4);
    await s.events.next('resourceChanged_v1', (event) => {
      const data = event.data as { resource: string; id: number };
      return data.resource === 'globalMixChanges' && data.id === change.id;
    });
    for (const mix of answer.mixes) {
      await s.events.next('resourceChanged_v1', (event) => {
        const data = event.data as { resource: string; id: number; by: string };
        return data.resource === 'concreteMixes' && data.id === mix.mixId && data.by === 'clerk';
      });
    }

    const listed = await call('GET', base);
    expect(listed.json<Envelope<GlobalMixChange>>().data[0]).toMatchObject({
      id: change.id,
      mixCount: 4,
    });
    const read = await call('GET', `${base}/${change.id}`, 'reader');
    expect(read.json<GlobalMixChangeDetail>().mixes).toHaveLength(4);
    expect((await call('GET', `${base}/999999`)).statusCode).toBe(404);
  });

  it('R-MIX-11: 409 naming who changed a mix since the preview; 409 when the mixes differ', async () => {
    const request: MixChangeRequestInput = {
      rawMaterialId: s.world.material.CEM,
      action: 'scale',
      percent: -5,
    };
    const answer = await preview(request);
    await saveRecipeAs('maria', s.world.mix.north4000, [
      { rawMaterialId: s.world.material.CEM, quantity: 545, unitOfMeasureId: units.pounds },
      { rawMaterialId: s.world.material.SLAG, quantity: 115, unitOfMeasureId: null },
      { rawMaterialId: s.world.material.WATER, quantity: 31, unitOfMeasureId: units.gallons },
    ]);
    const before = await recipe(s.world.mix.north3000);
    // Maria's own save is announced through LISTEN/NOTIFY, which may lag on a busy machine: let
    // it arrive before counting what the refused applies announce.
    await s.events.next(
      'resourceChanged_v1',
      (event) => {
        const data = event.data as { resource: string; id: number; by: string };
        return (
          data.resource === 'concreteMixes' &&
          data.id === s.world.mix.north4000 &&
          data.by === 'maria'
        );
      },
      10_000,
    );
    s.events.clear();
    const stale = await apply(request, answer);
    expect(stale.statusCode).toBe(409);
    const error = stale.json<ErrorAnswer<{ modifiedBy: string }>>();
    expect(error.message).toMatch(/4000 psi - North was changed by maria at .* since your preview/);
    expect(error.data.modifiedBy).toBe('maria');
    expect(await recipe(s.world.mix.north3000)).toEqual(before);

    // The selection now takes a mix the preview did not list.
    const fresh = await preview(request);
    const fewer = { ...answer, mixes: fresh.mixes.slice(1) };
    const missing = await apply(request, fewer);
    expect(missing.statusCode).toBe(409);
    expect(missing.json<ErrorAnswer>().code).toBe('preview_stale');
    await settle();
    expect(s.events.events.filter((event) => event.name === 'resourceChanged_v1')).toEqual([]);
  });

  it('R-MIX-9, R-MIX-13: replaces (merging, skipping), then reverses every mix exactly, once', async () => {
    const request: MixChangeRequestInput = {
      rawMaterialId: s.world.material.CEM,
      action: 'replace',
      replacementRawMaterialId: s.world.material.SLAG,
      factor: 1.1,
    };
    const mixIds = [s.world.mix.north3000, s.world.mix.north4000, s.world.mix.south3000];
    const before = await Promise.all(mixIds.map((id) => recipe(id)));
    const answer = await preview(request);
    // South keeps its slag in ounces: skipped, not merged.
    expect(answer.skipped).toEqual([
      {
        mixId: s.world.mix.south3000,
        description: '3000 psi - South',
        plantName: 'South',
        reason: 'unitMismatch',
      },
    ]);
    const north4000 = answer.mixes.find((mix) => mix.mixId === s.world.mix.north4000)!;
    expect(north4000.lines).toEqual([
      expect.objectContaining({ code: 'CEM', quantityAfter: null }),
      expect.objectContaining({
        code: 'SLAG',
        quantityBefore: 115,
        quantityAfter: expect.any(Number),
      }),
    ]);
    const applied = await apply(request, answer);
    expect(applied.statusCode, applied.body).toBe(201);
    const change = applied.json<GlobalMixChangeDetail>();
    const north3000 = await recipe(s.world.mix.north3000);
    expect(north3000.find((row) => row.rawMaterialId === s.world.material.CEM)).toBeUndefined();
    expect(north3000.find((row) => row.rawMaterialId === s.world.material.SLAG)).toMatchObject({
      sequence: before[0]!.find((row) => row.rawMaterialId === s.world.material.CEM)!.sequence,
      unitOfMeasureId: units.pounds,
    });
    expect(await recipe(s.world.mix.south3000)).toEqual(before[2]);

    s.events.clear();
    const reversed = await call('POST', `${base}/${change.id}/reverse`, 'maria');
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json<GlobalMixChange>()).toMatchObject({ reversedBy: 'maria' });
    expect(await Promise.all(mixIds.map((id) => recipe(id)))).toEqual(before);
    const history = (
      await call('GET', `/api/v1/mix-operations/mixes/${s.world.mix.north3000}`)
    ).json<MixDetail>().history;
    expect(history[0]).toMatchObject({
      source: 'globalChangeReversal',
      username: 'maria',
      globalChangeId: change.id,
    });
    await s.events.next(
      'resourceChanged_v1',
      (event) => (event.data as { id: number }).id === s.world.mix.north3000,
    );
    const again = await call('POST', `${base}/${change.id}/reverse`);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorAnswer>().message).toMatch(/already reversed by maria/);
    const audits = await s.t.db
      .select({ action: auditTrail.action })
      .from(auditTrail)
      .where(
        and(
          eq(auditTrail.resource, 'globalMixChanges'),
          eq(auditTrail.recordId, String(change.id)),
        ),
      );
    expect(audits.map((row) => row.action).sort()).toEqual(['applied', 'reversed']);
  });

  it('R-MIX-13: refuses to reverse a change whose mix changed since, naming who', async () => {
    const request: MixChangeRequestInput = {
      rawMaterialId: s.world.material.CEM3,
      action: 'set',
      quantity: 620,
      selection: { plantIds: [s.world.plant.north] },
    };
    const applied = await apply(request, await preview(request));
    expect(applied.statusCode, applied.body).toBe(201);
    const change = applied.json<GlobalMixChangeDetail>();
    await saveRecipeAs('maria', s.world.mix.north5000, [
      { rawMaterialId: s.world.material.CEM3, quantity: 625, unitOfMeasureId: units.pounds },
      { rawMaterialId: s.world.material.WATER, quantity: 30, unitOfMeasureId: units.gallons },
    ]);
    const refused = await call('POST', `${base}/${change.id}/reverse`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorAnswer>().message).toMatch(
      /5000 psi - North was changed by maria at .* since this change/,
    );
    expect((await recipe(s.world.mix.north5000))[0]!.quantity).toBe(625);
    expect((await call('POST', `${base}/999999/reverse`)).statusCode).toBe(404);
  });

  it('R-MIX-14: a failed apply leaves nothing behind and sends no event', async () => {
    const request: MixChangeRequestInput = {
      rawMaterialId: s.world.material.FLYASH,
      action: 'scale',
      percent: 20,
    };
    const answer = await preview(request);
    const before = await recipe(s.world.mix.north3000);
    const version = await mixVersion(s.t.db, s.world.mix.north3000);
    const changes = await countRows(globalMixChanges);
    const history = await countRows(concreteMixHistory);
    // The database refuses the last write of the transaction: everything before it must go too.
    await s.t.db.execute(sql`
      create function refuse_mix_history() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`);
    await s.t.db.execute(sql`
      create trigger refuse_mix_history before insert on concrete_mix_history
      for each row execute function refuse_mix_history()`);
    s.events.clear();
    try {
      const failed = await apply(request, answer);
      expect(failed.statusCode).toBe(500);
    } finally {
      await s.t.db.execute(sql`drop trigger refuse_mix_history on concrete_mix_history`);
      await s.t.db.execute(sql`drop function refuse_mix_history()`);
    }
    expect(await recipe(s.world.mix.north3000)).toEqual(before);
    expect(await mixVersion(s.t.db, s.world.mix.north3000)).toBe(version);
    expect(await countRows(globalMixChanges)).toBe(changes);
    expect(await countRows(concreteMixHistory)).toBe(history);
    await settle();
    expect(s.events.events).toEqual([]);
    // And the same apply goes through once the database takes it.
    const retried = await apply(request, answer);
    expect(retried.statusCode, retried.body).toBe(201);
  });

  it('R-MIX-10: a set to the quantity a mix already has leaves it unchanged, and applies nothing', async () => {
    const request: MixChangeRequestInput = {
      rawMaterialId: s.world.material.WRA,
      action: 'set',
      quantity: 14,
    };
    const answer = await preview(request);
    expect(answer.totals).toMatchObject({ mixes: 0, unchanged: 1 });
    const refused = await call('POST', base, 'clerk', {
      ...request,
      versions: [
        { mixId: s.world.mix.north3000, version: await mixVersion(s.t.db, s.world.mix.north3000) },
      ],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorAnswer>().message).toMatch(/no longer falls under this change/);
  });
});
