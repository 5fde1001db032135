/**
 * What the board shows (R-BOARD-27..35, R-BOARD-39): the window and plants asked of the server,
 * the orders as time line rows, the next loads to send, the truck demand, the plants to choose
 * from and the tickets that did not print.
 */
import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  boardWindowRange,
  isSendable,
  nextLoadsToSend,
} from '@dispatch/domain/dispatch/board-timeline';
import type { LoadBoard } from '@dispatch/domain/dispatch/load-board';
import { truckDemand } from '@dispatch/domain/dispatch/truck-demand';
import { systemTypeById, systemTypeIds, type SystemTypeId } from '@dispatch/domain/system-types';
import { plantQueries } from '../../data/plants/plant-queries';
import type { BoardPreferences } from './board-preferences';
import { loadBoardQuery, type LoadBoardFilters } from './load-board-api';
import { timelineRows } from './order-timeline';
import type { PrintFailure } from './yard-panel';

/** Systems the board serves (menu catalogue: concrete and aggregate). */
const boardSystemTypes = [systemTypeIds.concrete, systemTypeIds.aggregate] as const;
/** Rolling windows move in these steps, so the board is not read again at every tick. */
const windowStepMs = 5 * 60_000;

/** R-BOARD-39: the loads on the board whose ticket did not print, by load id. */
function printFailuresOf(board: LoadBoard | undefined): Map<number, PrintFailure> {
  const failures = new Map<number, PrintFailure>();
  for (const order of board?.orders ?? []) {
    for (const load of order.loads) {
      if (load.printFailure && load.ticketId !== null && load.ticketNumber !== null) {
        failures.set(load.id, {
          ticketId: load.ticketId,
          ticketNumber: load.ticketNumber,
          reason: load.printFailure,
        });
      }
    }
  }
  return failures;
}

export function useBoardData({
  preferences,
  now,
  allowedSystemTypes,
}: {
  preferences: BoardPreferences;
  now: number;
  allowedSystemTypes: readonly SystemTypeId[];
}) {
  const { t, i18n } = useTranslation();
  const timeFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }),
    [i18n.language],
  );
  const formatTime = useCallback((at: number) => timeFormat.format(at), [timeFormat]);

  const step = Math.floor(now / windowStepMs) * windowStepMs;
  const filters: LoadBoardFilters = useMemo(() => {
    const range =
      preferences.from && preferences.to
        ? { from: new Date(preferences.from), to: new Date(preferences.to) }
        : null;
    const window = boardWindowRange(preferences.window, new Date(step), range);
    return {
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      plantIds: [...preferences.plantIds].sort((a, b) => a - b),
    };
  }, [preferences, step]);
  const board = useQuery(loadBoardQuery(filters));
  const plants = useQuery(plantQueries.list({}));

  const plantChoices = useMemo(
    () =>
      boardSystemTypes
        .filter((id) => allowedSystemTypes.includes(id))
        .map((id) => ({
          group: t(`loadScheduling.systemTypes.${systemTypeById(id).key}`),
          items: (plants.data?.data ?? [])
            .filter((plant) => !plant.inactiveFlag && plant.systemTypeId === id)
            .map((plant) => ({
              value: String(plant.id),
              label: plant.description ?? `#${plant.id}`,
            })),
        }))
        .filter((group) => group.items.length > 0),
    [allowedSystemTypes, plants.data, t],
  );

  const data = board.data;
  const rows = useMemo(() => (data ? timelineRows(data.plants, data.orders) : []), [data]);
  const nextLoads = useMemo(() => nextLoadsToSend(data?.orders ?? []), [data]);
  const nextLoadIds = useMemo(
    () => new Set([...nextLoads.values()].map((load) => load.id)),
    [nextLoads],
  );
  const from = Date.parse(filters.from);
  const to = Date.parse(filters.to);
  const demand = useMemo(
    () =>
      data
        ? truckDemand({
            orders: data.orders,
            plants: data.plants,
            from: new Date(from),
            to: new Date(to),
          })
        : null,
    [data, from, to],
  );

  const plantName = (plantId: number | null) =>
    data?.plants.find((plant) => plant.id === plantId)?.description ?? `#${plantId ?? '—'}`;
  const printFailures = useMemo(() => printFailuresOf(data), [data]);
  const waiting = data
    ? data.orders.reduce(
        (sum, order) => sum + order.loads.filter((load) => isSendable(order, load)).length,
        0,
      )
    : 0;

  return {
    formatTime,
    filters,
    board,
    data,
    plantChoices,
    rows,
    nextLoadIds,
    from,
    to,
    demand,
    plantName,
    printFailures,
    waiting,
  };
}
