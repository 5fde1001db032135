/**
 * A mix's raw materials as the clerk edits them (R-MIX-3, R-MIX-4): the draft against the version
 * loaded, taken over by a newer version unless the clerk is mid-change, checked with the domain's
 * schema and saved with the version read (Ctrl+S too).
 */
import { useState } from 'react';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  mixRecipeUpdateSchema,
  type MixDetail,
  type RecipeLine,
} from '@dispatch/domain/mixes/mix-recipe';
import { movedItem } from '@dispatch/domain/mixes/raw-material-ranking';
import { useRefusedNumbers } from '../../components/number-field/refused-numbers';
import { ApiError } from '../../lib/api-client';
import { fieldProblemsOf, parseProblemsOf, type FieldProblems } from '../../lib/field-problems';
import { mixKeys, saveMixRecipe } from './mix-operations-api';

export type DraftLine = {
  key: string;
  rawMaterialId: number | null;
  quantity: number | '';
  unitOfMeasureId: number | null;
};

let nextKey = 0;
const newKey = () => `line-${(nextKey += 1)}`;

function draftOf(lines: readonly RecipeLine[]): DraftLine[] {
  return lines.map((line) => ({
    key: `stored-${line.rawMaterialId}`,
    rawMaterialId: line.rawMaterialId,
    quantity: line.quantity,
    unitOfMeasureId: line.unitOfMeasureId,
  }));
}

const comparable = (lines: readonly DraftLine[]) =>
  JSON.stringify(lines.map(({ key: _key, ...line }) => line));

export function useRecipeDraft(mix: MixDetail, readOnly: boolean) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<DraftLine[]>(() => draftOf(mix.lines));
  const [loaded, setLoaded] = useState({ version: mix.version, lines: mix.lines });
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  const refusedNumbers = useRefusedNumbers();
  // After a 409 the clerk chose to reload: the next version fetched replaces their lines.
  const [discarding, setDiscarding] = useState(false);
  const dirty = comparable(lines) !== comparable(draftOf(loaded.lines)) || note.trim() !== '';

  // Someone saved the mix (the hub refetched it): take it, unless the clerk is mid-change.
  const changedUnderneath = mix.version !== loaded.version;
  const reload = () => {
    setLoaded({ version: mix.version, lines: mix.lines });
    setLines(draftOf(mix.lines));
    setNote('');
    setProblems({});
    setFailure(null);
    setDiscarding(false);
  };
  if (changedUnderneath && (!dirty || discarding)) reload();

  const saving = useMutation({
    mutationFn: () => {
      const update = {
        version: loaded.version,
        note,
        rawMaterials: lines.map((line) => ({
          rawMaterialId: line.rawMaterialId ?? undefined,
          quantity: line.quantity === '' ? undefined : line.quantity,
          unitOfMeasureId: line.unitOfMeasureId,
        })),
      };
      const parsed = mixRecipeUpdateSchema.safeParse(update);
      if (!parsed.success) {
        setProblems(parseProblemsOf(parsed.error.issues));
        return Promise.reject(new Error(t('mixOperations.modify.fixFields')));
      }
      return saveMixRecipe(mix.id, parsed.data);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(mixKeys.mix(mix.id), saved);
      void queryClient.invalidateQueries({ queryKey: mixKeys.lists() });
      setLoaded({ version: saved.version, lines: saved.lines });
      setLines(draftOf(saved.lines));
      setNote('');
      setProblems({});
      setFailure(null);
      notifications.show({
        color: 'green',
        message: t('mixOperations.modify.saved', { mix: saved.description }),
      });
    },
    onError: (error) => {
      const fields = fieldProblemsOf(error);
      if (Object.keys(fields).length > 0) setProblems(fields);
      setFailure({
        message: error.message,
        stale: error instanceof ApiError && error.status === 409,
      });
    },
  });

  const handleSave = () => {
    if (readOnly || !dirty || saving.isPending) return;
    // R-INPUT-1: a quantity holding text it refused is not saved; the field says why.
    if (refusedNumbers.focusFirst()) return;
    setFailure(null);
    saving.mutate();
  };
  useHotkeys([['mod+S', handleSave]], []);

  const update = (index: number, patch: Partial<DraftLine>) => {
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...patch } : line)));
    setProblems({});
  };
  const move = (from: number, to: number) => setLines((current) => movedItem(current, from, to));
  const remove = (index: number) => setLines((current) => current.filter((_, at) => at !== index));
  const add = () =>
    setLines((current) => [
      ...current,
      { key: newKey(), rawMaterialId: null, quantity: '', unitOfMeasureId: null },
    ]);
  const reloadAfterConflict = () => {
    setDiscarding(true);
    void queryClient.invalidateQueries({ queryKey: mixKeys.mix(mix.id) });
  };

  return {
    lines,
    loaded,
    note,
    setNote,
    problems,
    failure,
    refusedNumbers,
    dirty,
    changedUnderneath,
    reload,
    savingPending: saving.isPending,
    handleSave,
    update,
    move,
    remove,
    add,
    reloadAfterConflict,
  };
}
