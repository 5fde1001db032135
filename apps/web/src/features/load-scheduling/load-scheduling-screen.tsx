/**
 * Load Scheduling (R-BOARD-27..35): the board a dispatcher watches all day. A time window and the
 * plants (remembered per user); the orders as rows with their loads' cycles on a time line; each
 * plant's yard in sequence and its trucks out; the truck demand against the trucks available.
 * A truck dragged onto a load, or D on a selected load, sends it (POST /api/v1/loads/{id}/dispatch);
 * every other dispatcher sees it at once through the hub. What cannot be sent says why before and
 * on the attempt, a truck that needs a wash is sent only once confirmed, and a ticket that did not
 * print is marked with a Reprint (R-BOARD-36..39). At phone width: the next loads, read only.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Kbd,
  Loader,
  Modal,
  MultiSelect,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  boardWindowRange,
  isSendable,
  loadSegmentKinds,
  nextLoadsToSend,
  type LoadUrgency,
} from '@dispatch/domain/dispatch/board-timeline';
import {
  boardWindowKeys,
  type BoardLoad,
  type BoardOrder,
  type BoardTruck,
  type LoadBoard,
} from '@dispatch/domain/dispatch/load-board';
import { boardLoadRefusal, boardTruckRefusal } from '@dispatch/domain/dispatch/load-dispatch';
import { truckDemand } from '@dispatch/domain/dispatch/truck-demand';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { permissionFlags } from '@dispatch/domain/permissions';
import { systemTypeById, systemTypeIds } from '@dispatch/domain/system-types';
import type { TruckStatusId } from '@dispatch/domain/trucks/truck-status';
import { plantQueries } from '../../data/plants/plant-queries';
import { ApiError } from '../../lib/api-client';
import { useHubEvent } from '../../realtime/hub-events';
import { useRecordLock } from '../../resources/use-record-lock';
import { useSession } from '../../session/session-store';
import { useUserAccess } from '../../session/session-queries';
import { segmentColors, urgencyColors } from './board-colors';
import {
  readBoardPreferences,
  writeBoardPreferences,
  type BoardPreferences,
} from './board-preferences';
import { DemandCharts } from './demand-charts';
import {
  dispatchLoad,
  loadBoardKeys,
  loadBoardQuery,
  reprintTicket,
  saveYardSequence,
  setTruckStatus,
  type LoadBoardFilters,
} from './load-board-api';
import { reorderedYard, withYard } from './load-board-cache';
import classes from './load-scheduling.module.css';
import { OrderTimeline, timelineRows } from './order-timeline';
import { PhoneLoadList } from './phone-load-list';
import { loadRefusalText, truckRefusalText } from './refusal-text';
import { ReturnedConcreteDialog, type ReturnedConcreteTarget } from './returned-concrete-dialog';
import { useLoadBoardLive } from './use-load-board-live';
import { YardPanel, type PrintFailure } from './yard-panel';

/** Systems the board serves (menu catalogue: concrete and aggregate). */
const boardSystemTypes = [systemTypeIds.concrete, systemTypeIds.aggregate] as const;
const clockTickMs = 15_000;
/** Rolling windows move in these steps, so the board is not read again at every tick. */
const windowStepMs = 5 * 60_000;

const messageOf = (failure: unknown) =>
  failure instanceof Error ? failure.message : String(failure);

/** The refusal code of a 409 (R-DISP-3..5, R-DISP-13), when the server gave one. */
const refusalCodeOf = (failure: unknown) =>
  failure instanceof ApiError && typeof failure.body === 'object' && failure.body !== null
    ? (failure.body as { code?: unknown }).code
    : undefined;

/** R-BOARD-38: the truck flagged needs wash the dispatcher is asked about. */
type WashQuestion = { loadId: number; truckId: number; truck: string; load: number; order: number };

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

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), clockTickMs);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** `datetime-local` text for an instant, in the browser's time zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

function useBoardPreferences(): [BoardPreferences, (next: Partial<BoardPreferences>) => void] {
  const username = useSession().status.username;
  const [stored, setStored] = useState(() => ({
    username,
    preferences: readBoardPreferences(username),
  }));
  // Another user at this desk gets their own board back.
  const preferences =
    stored.username === username ? stored.preferences : readBoardPreferences(username);
  const update = useCallback(
    (next: Partial<BoardPreferences>) => {
      const merged = { ...preferences, ...next };
      writeBoardPreferences(username, merged);
      setStored({ username, preferences: merged });
    },
    [username, preferences],
  );
  return [preferences, update];
}

function useCanDispatch(): boolean {
  const access = useUserAccess();
  const entry = menuEntryByEnumId('LoadScheduling');
  if (!entry) return false;
  const flags = permissionFlags(access.permissions.levelOf(entry.id));
  return !flags.none && !flags.readOnly;
}

// eslint-disable-next-line max-lines-per-function -- still to split (godfiles helper ran out of time)
export function LoadSchedulingScreen() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const now = useNow();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [preferences, setPreferences] = useBoardPreferences();
  const canWrite = useCanDispatch();
  const access = useUserAccess();
  const [selectedLoadId, setSelectedLoadId] = useState<number | null>(null);
  const [washQuestion, setWashQuestion] = useState<WashQuestion | null>(null);
  useLoadBoardLive();

  // R-BOARD-39: the printer's answer for a load this dispatcher sent, or a reprint they asked.
  useHubEvent('ticketPrintReply_v1', (reply) => {
    if (!('ticketId' in reply)) return;
    notifications.show({
      color: reply.printed ? 'teal' : 'red',
      title: t(reply.printed ? 'print.printed' : 'print.notPrinted', {
        destination: reply.destination,
      }),
      message: reply.message,
    });
  });

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
        .filter((id) => access.allowedSystemTypes.includes(id))
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
    [access.allowedSystemTypes, plants.data, t],
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

  const selected = findSelected(data, selectedLoadId);
  // R-BOARD-33: the order being dispatched is locked while one of its loads is selected.
  const heldBy = useRecordLock('orders', selected?.order.id, selected !== null && canWrite);

  const refetch = () => queryClient.invalidateQueries({ queryKey: loadBoardKeys.all });
  const plantName = (plantId: number | null) =>
    data?.plants.find((plant) => plant.id === plantId)?.description ?? `#${plantId ?? '—'}`;

  const patchBoards = (change: (board: LoadBoard) => LoadBoard) => {
    for (const [key, cached] of queryClient.getQueriesData<LoadBoard>({
      queryKey: loadBoardKeys.all,
    })) {
      if (cached) queryClient.setQueryData(key, change(cached));
    }
  };

  const refuse = (message: string) =>
    notifications.show({ color: 'orange', title: t('loadScheduling.dispatchFailed'), message });

  const handleDispatch = async (loadId: number, truckId?: number, confirmNeedsWash = false) => {
    const order = data?.orders.find((each) => each.loads.some((load) => load.id === loadId));
    const load = order?.loads.find((each) => each.id === loadId);
    const plant = data?.plants.find((each) => each.id === load?.plantId);
    if (!data || !order || !load || !plant) return;
    // R-BOARD-36: a load that may not go says why, and nothing is sent.
    const why = whyNotSent(t, order, load);
    if (why) {
      refuse(why);
      return;
    }
    // A dragged truck may come from any yard on the board (R-BOARD-37).
    const truck =
      truckId === undefined
        ? plant.yard[0]
        : data.plants.flatMap((each) => each.yard).find((each) => each.id === truckId);
    if (!truck) {
      refuse(t('loadScheduling.noTruck', { plant: plant.description }));
      return;
    }
    const ask = () =>
      setWashQuestion({
        loadId: load.id,
        truckId: truck.id,
        truck: truck.identificationNumber,
        load: load.loadNumber,
        order: order.number,
      });
    const truckRefusal = boardTruckRefusal(truck, plant, data.plants, { confirmNeedsWash });
    // R-BOARD-38: a truck that needs a wash goes only once the dispatcher says so.
    if (truckRefusal?.code === 'truck_needs_wash') {
      ask();
      return;
    }
    if (truckRefusal) {
      refuse(
        truckRefusalText(t, truckRefusal, truck, {
          plant: plant.description,
          yard: plantName(truck.plantId),
        }),
      );
      return;
    }
    try {
      await dispatchLoad(load.id, truck.id, load.version, confirmNeedsWash);
      notifications.show({
        color: 'teal',
        title: t('loadScheduling.dispatched', { truck: truck.identificationNumber }),
        message: t('loadScheduling.dispatchedText', { load: load.loadNumber, order: order.number }),
      });
    } catch (error) {
      // Flagged since the board was read: asked as if the board had known (R-BOARD-38).
      if (refusalCodeOf(error) === 'truck_needs_wash') {
        ask();
        return;
      }
      // R-BOARD-32: the server's 409 names the winner; the board shows what it has now.
      notifications.show({
        color: 'red',
        title: t('loadScheduling.dispatchFailed'),
        message: messageOf(error),
      });
    } finally {
      void refetch();
    }
  };

  const handleReorder = useCallback(
    (plantId: number, fromIndex: number, toIndex: number) => {
      const plant = queryClient
        .getQueryData<LoadBoard>(loadBoardKeys.board(filters))
        ?.plants.find((each) => each.id === plantId);
      if (!plant || fromIndex === toIndex) return;
      const yard = reorderedYard(plant.yard, fromIndex, toIndex);
      patchBoards((cached) => withYard(cached, plantId, yard));
      saveYardSequence(
        plantId,
        yard.map((truck) => truck.id),
      ).catch((error: unknown) => {
        notifications.show({
          color: 'red',
          title: t('loadScheduling.sequenceFailed'),
          message: messageOf(error),
        });
        void refetch();
      });
      // Keep the moved truck focused so Alt+↑/↓ can move it again.
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>(`[data-truck-id="${yard[toIndex]?.id}"][role="listitem"]`)
          ?.focus(),
      );
    },
    // patchBoards and refetch only use the query client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, filters, t],
  );

  const handleSetStatus = async (truck: BoardTruck, statusId: TruckStatusId) => {
    try {
      await setTruckStatus(truck.id, statusId);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('loadScheduling.statusFailed'),
        message: messageOf(error),
      });
    } finally {
      void refetch();
    }
  };

  const [returnedTarget, setReturnedTarget] = useState<ReturnedConcreteTarget | null>(null);

  const handleReprint = (ticketId: number) => {
    // The answer comes back as ticketPrintReply_v1, shown like every other.
    reprintTicket(ticketId).catch(() =>
      notifications.show({ color: 'red', message: t('print.notConnected') }),
    );
  };

  const confirmWash = () => {
    const question = washQuestion;
    setWashQuestion(null);
    if (question) void handleDispatch(question.loadId, question.truckId, true);
  };

  const handleDropTruck = useCallback(
    (loadId: number, truckId: number) => {
      setSelectedLoadId(loadId);
      void handleDispatch(loadId, truckId);
    },
    // handleDispatch reads the board of this render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data],
  );

  const printFailures = useMemo(() => printFailuresOf(data), [data]);
  const waiting = data
    ? data.orders.reduce(
        (sum, order) => sum + order.loads.filter((load) => isSendable(order, load)).length,
        0,
      )
    : 0;

  const windowChoices = boardWindowKeys.map((key) => ({
    value: key,
    label: t(`loadScheduling.windows.${key}`),
  }));
  const header = (
    <Stack gap={6}>
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Group gap="sm" align="center" wrap={phone ? 'wrap' : 'nowrap'}>
          <Title order={phone ? 3 : 2}>{t('loadScheduling.title')}</Title>
          {data && (
            <Badge variant="light" color={waiting > 0 ? 'orange' : 'teal'} size="lg" tt="none">
              {t('loadScheduling.loads', { count: waiting })}
            </Badge>
          )}
          {board.isFetching && <Loader size="xs" aria-label={t('loadScheduling.loading')} />}
        </Group>
        <MultiSelect
          size="xs"
          w={phone ? '100%' : 420}
          aria-label={t('loadScheduling.plants')}
          placeholder={
            preferences.plantIds.length === 0 ? t('loadScheduling.allPlants') : undefined
          }
          data={plantChoices}
          value={preferences.plantIds.map(String)}
          onChange={(values) => setPreferences({ plantIds: values.map(Number) })}
          searchable
          clearable
          maxDropdownHeight={320}
        />
      </Group>
      <Group gap="xs" align="center" wrap="wrap">
        {phone ? (
          <Select
            size="xs"
            w={150}
            aria-label={t('loadScheduling.window')}
            value={preferences.window}
            onChange={(value) => value && setPreferences({ window: value })}
            data={windowChoices}
            allowDeselect={false}
          />
        ) : (
          <SegmentedControl
            size="xs"
            aria-label={t('loadScheduling.window')}
            value={preferences.window}
            onChange={(value) => setPreferences({ window: value })}
            data={windowChoices}
          />
        )}
        {preferences.window === 'range' && (
          <>
            <TextInput
              size="xs"
              type="datetime-local"
              aria-label={t('loadScheduling.from')}
              leftSection={<Text size="xs">{t('loadScheduling.from')}</Text>}
              leftSectionWidth={52}
              w={250}
              value={localInput(preferences.from ?? filters.from)}
              onChange={(event) =>
                event.currentTarget.value &&
                setPreferences({ from: new Date(event.currentTarget.value).toISOString() })
              }
            />
            <TextInput
              size="xs"
              type="datetime-local"
              aria-label={t('loadScheduling.to')}
              leftSection={<Text size="xs">{t('loadScheduling.to')}</Text>}
              leftSectionWidth={52}
              w={250}
              value={localInput(preferences.to ?? filters.to)}
              onChange={(event) =>
                event.currentTarget.value &&
                setPreferences({ to: new Date(event.currentTarget.value).toISOString() })
              }
            />
          </>
        )}
      </Group>
    </Stack>
  );

  if (phone) {
    return (
      <Stack gap="sm">
        {header}
        <Title order={4}>{t('loadScheduling.phoneTitle')}</Title>
        {data && (
          <PhoneLoadList
            plants={data.plants}
            orders={data.orders}
            now={now}
            nextLoadIds={nextLoadIds}
            formatTime={formatTime}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      {header}
      <Legend />
      {board.isError && (
        <Alert color="red" title={t('loadScheduling.failed')}>
          <Group justify="space-between">
            <Text size="sm">{messageOf(board.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void board.refetch()}>
              {t('loadScheduling.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {!data && board.isPending && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('loadScheduling.loading')}</Text>
        </Group>
      )}
      {data && (
        <>
          <SelectionBar
            selected={selected}
            canWrite={canWrite}
            heldBy={heldBy}
            formatTime={formatTime}
            onReprint={handleReprint}
            onReturned={setReturnedTarget}
          />
          <ReturnedConcreteDialog target={returnedTarget} onClose={() => setReturnedTarget(null)} />
          <Modal
            opened={washQuestion !== null}
            onClose={() => setWashQuestion(null)}
            title={t('loadScheduling.needsWash.title', { truck: washQuestion?.truck ?? '' })}
            centered
          >
            <Stack gap="md">
              <Text size="sm">
                {t('loadScheduling.needsWash.text', {
                  truck: washQuestion?.truck ?? '',
                  load: washQuestion?.load ?? '',
                  order: washQuestion?.order ?? '',
                })}
              </Text>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setWashQuestion(null)}>
                  {t('loadScheduling.needsWash.cancel')}
                </Button>
                <Button color="orange" onClick={confirmWash} data-autofocus>
                  {t('loadScheduling.needsWash.send')}
                </Button>
              </Group>
            </Stack>
          </Modal>
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 1fr) 21rem',
              gap: 'var(--mantine-spacing-xs)',
            }}
          >
            <ScrollArea.Autosize mah="calc(100vh - 26rem)" type="auto" offsetScrollbars>
              {rows.length === 0 ? (
                <Text size="sm" c="dimmed" p="md">
                  {t('loadScheduling.noOrders')}
                </Text>
              ) : (
                <OrderTimeline
                  rows={rows}
                  from={from}
                  to={to}
                  now={now}
                  selectedLoadId={selectedLoadId}
                  nextLoadIds={nextLoadIds}
                  canDispatch={canWrite}
                  onSelect={setSelectedLoadId}
                  onDispatch={(loadId) => void handleDispatch(loadId)}
                  onDropTruck={handleDropTruck}
                  formatTime={formatTime}
                />
              )}
            </ScrollArea.Autosize>
            <ScrollArea.Autosize mah="calc(100vh - 26rem)" type="auto">
              <Stack gap="xs" aria-label={t('loadScheduling.yard')}>
                {data.plants.map((plant) => (
                  <YardPanel
                    key={plant.id}
                    plant={plant}
                    now={now}
                    canWrite={canWrite}
                    printFailures={printFailures}
                    onReorder={handleReorder}
                    onSetStatus={(truck, statusId) => void handleSetStatus(truck, statusId)}
                    onReprint={handleReprint}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </div>
          {demand && (
            <DemandCharts
              all={demand.all}
              byPlant={demand.byPlant}
              plantName={plantName}
              formatTime={formatTime}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function findSelected(board: LoadBoard | undefined, loadId: number | null) {
  for (const order of board?.orders ?? []) {
    const load = order.loads.find((each) => each.id === loadId);
    if (load)
      return { order, load, plant: board?.plants.find((plant) => plant.id === load.plantId) };
  }
  return null;
}

function Legend() {
  const { t } = useTranslation();
  const urgencies: LoadUrgency[] = ['pastDue', 'dueSoon', 'later', 'sent'];
  return (
    <Group gap="md" wrap="wrap" aria-label="legend">
      <Group gap={8}>
        {urgencies.map((urgency) => (
          <Group key={urgency} gap={4} wrap="nowrap">
            <span
              className={classes.legendSwatch}
              style={{ border: `2px solid ${urgencyColors[urgency]}` }}
            />
            <Text size="xs">{t(`loadScheduling.urgency.${urgency}`)}</Text>
          </Group>
        ))}
        <Group gap={4} wrap="nowrap">
          <span
            className={classes.legendSwatch}
            style={{
              boxShadow:
                '0 0 0 2px var(--mantine-color-yellow-4), 0 0 6px 2px var(--mantine-color-yellow-5)',
            }}
          />
          <Text size="xs">★ {t('loadScheduling.nextToSend')}</Text>
        </Group>
      </Group>
      <Group gap={8}>
        {loadSegmentKinds.map((kind) => (
          <Group key={kind} gap={4} wrap="nowrap">
            <span className={classes.legendSwatch} style={{ background: segmentColors[kind] }} />
            <Text size="xs">{t(`loadScheduling.segments.${kind}`)}</Text>
          </Group>
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        {t('loadScheduling.keys')}
      </Text>
    </Group>
  );
}

/** R-BOARD-36: what the selection bar says of a load that will not go; null when it may. */
function whyNotSent(t: TFunction, order: BoardOrder, load: BoardLoad): string | null {
  const refusal = boardLoadRefusal(order, load);
  if (refusal) return loadRefusalText(t, refusal, order, load);
  return isSendable(order, load) ? null : t('loadScheduling.notSendable');
}

function SelectionBar({
  selected,
  canWrite,
  heldBy,
  formatTime,
  onReprint,
  onReturned,
}: {
  selected: ReturnType<typeof findSelected>;
  canWrite: boolean;
  heldBy: string | null;
  formatTime: (at: number) => string;
  onReprint: (ticketId: number) => void;
  onReturned: (target: ReturnedConcreteTarget) => void;
}) {
  const { t } = useTranslation();
  if (!canWrite) {
    return (
      <Alert color="gray" py={6}>
        <Text size="sm">{t('loadScheduling.readOnly')}</Text>
      </Alert>
    );
  }
  if (!selected) {
    return (
      <Alert color="petrol" variant="light" py={6}>
        <Text size="sm">{t('loadScheduling.selectHint')}</Text>
      </Alert>
    );
  }
  const { order, load, plant } = selected;
  const first = plant?.yard[0];
  const why = whyNotSent(t, order, load);
  return (
    <Alert color={heldBy ? 'orange' : 'petrol'} variant="light" py={6} role="status">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('loadScheduling.selected', {
            load: load.loadNumber,
            order: order.number,
            customer: order.customerName,
            quantity: load.quantity,
            unit: order.unitOfMeasure,
            time: formatTime(Date.parse(load.projected.ticketTime)),
          })}
        </Text>
        <Group gap="xs">
          {heldBy && (
            <Text size="sm" c="orange.8" fw={600}>
              {t('loadScheduling.lockedBy', { user: heldBy, order: order.number })}
            </Text>
          )}
          {load.printFailure && load.ticketId !== null && (
            <Group gap={6} wrap="nowrap">
              <Text size="sm" c="red.8" fw={600}>
                {t('loadScheduling.printFailure', {
                  ticket: load.ticketNumber ?? '',
                  reason: load.printFailure,
                })}
              </Text>
              <Button
                size="compact-xs"
                color="red"
                variant="light"
                aria-label={t('loadScheduling.reprintTicket', { ticket: load.ticketNumber ?? '' })}
                onClick={() => onReprint(load.ticketId!)}
              >
                {t('loadScheduling.reprint')}
              </Button>
            </Group>
          )}
          {load.ticketId !== null && (
            // R-DELIV-6: what came back on the load comes off what it delivered.
            <Button
              size="compact-xs"
              variant="light"
              aria-label={t('loadScheduling.returnedConcreteTicket', {
                ticket: load.ticketNumber ?? '',
              })}
              onClick={() =>
                onReturned({
                  ticketId: load.ticketId!,
                  ticketNumber: load.ticketNumber,
                  orderNumber: order.number,
                  unit: order.unitOfMeasure,
                })
              }
            >
              {t('loadScheduling.returnedConcrete')}
            </Button>
          )}
          <Text size="sm" c={why && load.ticketId === null ? 'orange.9' : undefined}>
            {why ? (
              why
            ) : first ? (
              <>
                <Kbd>D</Kbd>{' '}
                {t('loadScheduling.sendHint', {
                  truck: first.identificationNumber,
                  plant: plant.description,
                })}
              </>
            ) : (
              t('loadScheduling.noTruck', { plant: plant?.description ?? '' })
            )}
          </Text>
        </Group>
      </Group>
    </Alert>
  );
}
