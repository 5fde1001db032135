/**
 * The Global Mix Design Change form (R-MIX-7..R-MIX-14) as the clerk fills it, and what it asks
 * the server: the mixes to list, and the change to preview or apply.
 */
import type {
  MixChangeAction,
  MixChangeRequestInput,
  MixSelectionInput,
} from '@dispatch/domain/mixes/mix-design-change';

export type MixChangeForm = {
  plantIds: number[];
  strengthMin: number | '';
  strengthMax: number | '';
  search: string;
  usingRawMaterialId: number | null;
  includeInactive: boolean;
  /** Mixes the clerk unticked in the list. */
  excluded: number[];
  rawMaterialId: number | null;
  action: MixChangeAction;
  replacementRawMaterialId: number | null;
  factor: number | '';
  percent: number | '';
  quantity: number | '';
  description: string;
};

export const emptyMixChangeForm: MixChangeForm = {
  plantIds: [],
  strengthMin: '',
  strengthMax: '',
  search: '',
  usingRawMaterialId: null,
  includeInactive: false,
  excluded: [],
  rawMaterialId: null,
  action: 'replace',
  replacementRawMaterialId: null,
  factor: 1,
  percent: '',
  quantity: '',
  description: '',
};

export const orNull = (value: number | '') => (value === '' ? null : value);

export function filtersOf(form: MixChangeForm, search: string): MixSelectionInput {
  return {
    plantIds: form.plantIds,
    search,
    strengthMin: orNull(form.strengthMin),
    strengthMax: orNull(form.strengthMax),
    // The list shows the mixes the change can touch: those using its raw material, unless
    // the clerk narrows by another.
    usingRawMaterialId: form.usingRawMaterialId ?? form.rawMaterialId,
    includeInactive: form.includeInactive,
  };
}

export function requestOf(form: MixChangeForm, listed: readonly number[]): MixChangeRequestInput {
  const excluded = new Set(form.excluded);
  return {
    selection: {
      plantIds: form.plantIds,
      search: form.search,
      strengthMin: orNull(form.strengthMin),
      strengthMax: orNull(form.strengthMax),
      usingRawMaterialId: form.usingRawMaterialId,
      includeInactive: form.includeInactive,
      mixIds: excluded.size > 0 ? listed.filter((id) => !excluded.has(id)) : [],
    },
    rawMaterialId: form.rawMaterialId ?? 0,
    action: form.action,
    replacementRawMaterialId: form.action === 'replace' ? form.replacementRawMaterialId : null,
    factor: form.action === 'replace' ? orNull(form.factor) : null,
    percent: form.action === 'scale' ? orNull(form.percent) : null,
    quantity: form.action === 'set' ? orNull(form.quantity) : null,
    description: form.description,
  };
}
