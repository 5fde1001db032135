/**
 * Test helper: the mix operation routes as the server answers them, over a small state each test
 * can change (a 409, another user's save): two plants, five raw materials, two mixes.
 */
import { permissionLevels } from '@dispatch/domain/permissions';
import { formIdOf } from '@dispatch/domain/resources/define';
import type {
  GlobalMixChange,
  GlobalMixChangeDetail,
  MixChangePreview,
} from '@dispatch/domain/mixes/mix-design-change';
import type { MixChoices, MixListRow } from '@dispatch/domain/mixes/mix-lists';
import type { MixDetail } from '@dispatch/domain/mixes/mix-recipe';
import type {
  PlantRankings,
  RawMaterialRanking,
} from '@dispatch/domain/mixes/raw-material-ranking';
import { units } from '@dispatch/domain/units';
import { accessRoutes, envelope } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';

export const choices: MixChoices = {
  plants: [
    { id: 1, description: 'North Yard' },
    { id: 2, description: 'Riverside' },
  ],
  rawMaterials: [
    {
      id: 10,
      code: 'CEM',
      description: 'Portland cement Type I/II',
      unitOfMeasureId: units.pounds,
      inactive: false,
    },
    {
      id: 11,
      code: 'CEM3',
      description: 'Portland cement Type III',
      unitOfMeasureId: units.pounds,
      inactive: false,
    },
    {
      id: 12,
      code: 'SLAG',
      description: 'Slag cement',
      unitOfMeasureId: units.pounds,
      inactive: false,
    },
    {
      id: 13,
      code: 'FLYASH',
      description: 'Fly ash Class F',
      unitOfMeasureId: units.pounds,
      inactive: false,
    },
    {
      id: 14,
      code: 'WATER',
      description: 'Water',
      unitOfMeasureId: units.gallons,
      inactive: false,
    },
  ],
  units: [
    { id: units.pounds, name: 'Pounds', abbreviation: 'lb' },
    { id: units.gallons, name: 'Gallons', abbreviation: 'gal' },
  ],
};

const line = (rawMaterialId: number, quantity: number, sequence: number) => {
  const material = choices.rawMaterials.find((each) => each.id === rawMaterialId)!;
  return {
    rawMaterialId,
    code: material.code,
    description: material.description,
    quantity,
    unitOfMeasureId: material.unitOfMeasureId,
    rawMaterialUnitId: material.unitOfMeasureId,
    sequence,
  };
};

export function mixOf(fields: Partial<MixDetail> = {}): MixDetail {
  return {
    id: 21,
    plantId: 1,
    description: '3000 psi #57 - North Yard',
    strength: 3000,
    slump: 4,
    air: 1.5,
    aggregateSize: '#57',
    cementType: 'Type I/II',
    maxLoadSize: 10,
    maxExtraWaterGallons: 1,
    mixerSeconds: 75,
    sackEquivalent: 6.06,
    waterToCementRatio: 0.47,
    applyAdmixDosageFactor: false,
    inactiveFlag: false,
    productId: 5,
    productNumber: '3000',
    productDescription: '3000 psi #57',
    plantName: 'North Yard',
    version: 3,
    modifiedAt: '2026-03-10T13:00:00.000Z',
    modifiedBy: 'dispatcher',
    lines: [line(10, 470, 0), line(13, 100, 1), line(14, 32, 2)],
    history: [
      {
        id: 1,
        at: '2026-03-09T10:00:00.000Z',
        username: 'maria',
        source: 'globalChange',
        globalChangeId: 4,
        note: 'Winter mix',
        reordered: false,
        lines: [
          {
            rawMaterialId: 14,
            code: 'WATER',
            description: 'Water',
            quantityBefore: 33,
            quantityAfter: 32,
            unitBefore: units.gallons,
            unitAfter: units.gallons,
          },
        ],
        design: [],
      },
    ],
    ...fields,
  };
}

export const rowOf = (mix: MixDetail): MixListRow => ({
  id: mix.id,
  description: mix.description,
  productId: mix.productId,
  productNumber: mix.productNumber,
  plantId: mix.plantId ?? 0,
  plantName: mix.plantName,
  strength: mix.strength,
  slump: mix.slump,
  waterToCementRatio: mix.waterToCementRatio,
  inactiveFlag: mix.inactiveFlag,
  version: mix.version,
  lineCount: mix.lines.length,
});

const ranked = (id: number) => {
  const material = choices.rawMaterials.find((each) => each.id === id)!;
  return {
    rawMaterialId: id,
    code: material.code,
    description: material.description,
    unitOfMeasureId: material.unitOfMeasureId,
    inactive: false,
  };
};

export function rankingOf(
  rawMaterialId: number,
  order: number[],
  version: number | null,
): RawMaterialRanking {
  return {
    id: version === null ? null : rawMaterialId + 100,
    plantId: 1,
    rawMaterial: ranked(rawMaterialId),
    usedByMixes: 4,
    version,
    modifiedAt: version === null ? null : '2026-03-10T12:00:00.000Z',
    modifiedBy: version === null ? '' : 'dispatcher',
    substitutes: order.map(ranked),
  };
}

export type MixServerState = {
  mixes: MixDetail[];
  puts: { path: string; body: Record<string, unknown> }[];
  posts: { path: string; body: unknown }[];
  conflict: string | null;
  rankings: RawMaterialRanking[];
  changes: GlobalMixChange[];
  preview: MixChangePreview | null;
  badRequest: { field: string; reason: string } | null;
  level: number;
};

export function freshState(): MixServerState {
  return {
    mixes: [
      mixOf(),
      mixOf({
        id: 22,
        description: '4000 psi #57 - North Yard',
        productNumber: '4000',
        strength: 4000,
      }),
    ],
    puts: [],
    posts: [],
    conflict: null,
    rankings: [rankingOf(10, [10, 11, 12], 2), rankingOf(14, [14], null)],
    changes: [],
    preview: null,
    badRequest: null,
    level: permissionLevels.FullWithPrices,
  };
}

const bodyOf = (init: RequestInit | undefined) =>
  JSON.parse((init?.body as string | undefined) ?? '{}') as Record<string, unknown>;

function mixRoutes(state: MixServerState): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    const path = url.pathname;
    if (method === 'GET' && path === '/api/v1/mix-operations/choices') return json(choices);
    if (method === 'GET' && path === '/api/v1/mix-operations/mixes') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const rows = state.mixes
        .filter((mix) => mix.description.toLowerCase().includes(search))
        .map(rowOf);
      return json({ error: false, count: rows.length, data: rows });
    }
    const mix = /^\/api\/v1\/mix-operations\/mixes\/(\d+)(\/recipe)?$/.exec(path);
    if (mix) {
      const found = state.mixes.find((each) => each.id === Number(mix[1]));
      if (!found) return json({ message: 'Concrete mix was not found.' }, 404);
      if (method === 'GET') return json(found);
      const body = bodyOf(init);
      state.puts.push({ path, body });
      if (state.conflict) return json({ message: state.conflict, code: 'stale_version' }, 409);
      if (state.badRequest) {
        return json({ message: state.badRequest.reason, data: [state.badRequest] }, 400);
      }
      const lines = (body.rawMaterials as { rawMaterialId: number; quantity: number }[]).map(
        (each, sequence) => line(each.rawMaterialId, each.quantity, sequence),
      );
      const saved = mixOf({
        ...found,
        version: found.version + 1,
        modifiedBy: 'dispatcher',
        lines,
        history: [
          {
            id: 9,
            at: '2026-03-10T14:00:00.000Z',
            username: 'dispatcher',
            source: 'modification',
            globalChangeId: null,
            note: typeof body.note === 'string' ? body.note : '',
            reordered: false,
            lines: [],
            design: [],
          },
          ...found.history,
        ],
      });
      state.mixes = state.mixes.map((each) => (each.id === saved.id ? saved : each));
      return json(saved);
    }
    return undefined;
  };
}

function rankingRoutes(state: MixServerState): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/v1/mix-operations/rankings') {
      const answer: PlantRankings = {
        plantId: 1,
        plantName: 'North Yard',
        rankings: state.rankings,
      };
      return json(answer);
    }
    const put = /^\/api\/v1\/mix-operations\/rankings\/(\d+)\/(\d+)$/.exec(url.pathname);
    if (method === 'PUT' && put) {
      const body = bodyOf(init);
      state.puts.push({ path: url.pathname, body });
      if (state.conflict) return json({ message: state.conflict, code: 'stale_version' }, 409);
      const saved = rankingOf(
        Number(put[2]),
        body.order as number[],
        ((body.version as number | null) ?? 0) + 1,
      );
      state.rankings = state.rankings.map((each) =>
        each.rawMaterial.rawMaterialId === saved.rawMaterial.rawMaterialId ? saved : each,
      );
      return json(saved);
    }
    return undefined;
  };
}

function changeRoutes(state: MixServerState): FetchRoute {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    const base = '/api/v1/mix-operations/global-changes';
    if (method === 'GET' && url.pathname === base) return envelope(state.changes);
    if (method !== 'POST') return undefined;
    const body = init?.body ? (JSON.parse(init.body as string) as unknown) : null;
    if (url.pathname === `${base}/preview`) {
      state.posts.push({ path: url.pathname, body });
      if (state.badRequest) {
        return json({ message: state.badRequest.reason, data: [state.badRequest] }, 400);
      }
      return json(state.preview);
    }
    if (url.pathname === base) {
      state.posts.push({ path: url.pathname, body });
      if (state.conflict) {
        return json({ message: state.conflict, code: 'stale_version' }, 409);
      }
      const change: GlobalMixChangeDetail = {
        id: 12,
        action: 'scale',
        rawMaterial: { id: 10, code: 'CEM', description: 'Portland cement Type I/II' },
        replacement: null,
        factor: null,
        percent: 10,
        quantity: null,
        selection: {
          plantIds: [],
          mixIds: [],
          search: '',
          strengthMin: null,
          strengthMax: null,
          usingRawMaterialId: null,
          includeInactive: false,
        },
        description: '',
        appliedAt: '2026-03-10T14:00:00.000Z',
        appliedBy: 'dispatcher',
        reversedAt: null,
        reversedBy: '',
        mixCount: state.preview?.totals.mixes ?? 0,
        lineCount: state.preview?.totals.lines ?? 0,
        mixes: state.preview?.mixes ?? [],
      };
      state.changes = [change, ...state.changes];
      return json(change, 201);
    }
    const reverse = /^\/api\/v1\/mix-operations\/global-changes\/(\d+)\/reverse$/.exec(
      url.pathname,
    );
    if (reverse) {
      state.posts.push({ path: url.pathname, body });
      if (state.conflict) return json({ message: state.conflict, code: 'stale_version' }, 409);
      const found = state.changes.find((each) => each.id === Number(reverse[1]))!;
      const reversed = {
        ...found,
        reversedAt: '2026-03-10T15:00:00.000Z',
        reversedBy: 'dispatcher',
      };
      state.changes = state.changes.map((each) => (each.id === reversed.id ? reversed : each));
      return json({ ...reversed, mixes: [] });
    }
    return undefined;
  };
}

/** The signed-in dispatcher's server: the three screens' routes and their form levels. */
export function mixServer(state: MixServerState) {
  return fakeFetch(
    mixRoutes(state),
    rankingRoutes(state),
    changeRoutes(state),
    accessRoutes({
      forms: () =>
        ['ConcreteMixModification', 'RawMaterialRanking', 'GlobalMixDesignChange'].map(
          (enumId) => ({
            FormId: formIdOf(enumId),
            PermissionId: state.level,
          }),
        ),
    }),
  );
}
