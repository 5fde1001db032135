/**
 * Load Scheduling (R-BOARD-27..35): the board a dispatcher watches all day. A time window and the
 * plants (remembered per user); the orders as rows with their loads' cycles on a time line; each
 * plant's yard in sequence and its trucks out; the truck demand against the trucks available.
 * A truck dragged onto a load, or D on a selected load, sends it (POST /api/v1/loads/{id}/dispatch);
 * every other dispatcher sees it at once through the hub. What cannot be sent says why before and
 * on the attempt, a truck that needs a wash is sent only once confirmed, and a ticket that did not
 * print is marked with a Reprint (R-BOARD-36..39). At phone width: the next loads, read only.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useCompactLayout } from '../../lib/layout';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { permissionFlags } from '@dispatch/domain/permissions';
import { TruckMapPanel } from '../../components/truck-map/truck-map-panel';
import { readStored, writeStored } from '../../lib/storage';
import { useHubEvent } from '../../realtime/hub-events';
import { useRecordLock } from '../../resources/use-record-lock';
import { useSession } from '../../session/session-store';
import { useUserAccess } from '../../session/session-queries';
import { truckStatusColors } from './board-colors';
import { BoardHeader } from './board-header';
import { Legend } from './board-legend';
import {
  readBoardPreferences,
  writeBoardPreferences,
  type BoardPreferences,
} from './board-preferences';
import { findSelected } from './board-selection';
import { DemandCharts } from './demand-charts';
import { OrderTimeline } from './order-timeline';
import { PhoneLoadList } from './phone-load-list';
import { ReturnedConcreteDialog, type ReturnedConcreteTarget } from './returned-concrete-dialog';
import { SelectionBar } from './selection-bar';
import { messageOf, useBoardActions } from './use-board-actions';
import { useBoardData } from './use-board-data';
import { useLoadBoardLive } from './use-load-board-live';
import { WashQuestionDialog } from './wash-question-dialog';
import { YardPanel } from './yard-panel';

const clockTickMs = 15_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), clockTickMs);
    return () => clearInterval(timer);
  }, []);
  return now;
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

/** R-MAP-1: whether the truck map is shown, remembered per user like the board's window. */
function useMapShown(): [boolean, (shown: boolean) => void] {
  const key = `loadScheduling.map.${useSession().status.username.trim().toLowerCase()}`;
  const [stored, setStored] = useState(() => ({ key, shown: readStored(key) === 'true' }));
  const shown = stored.key === key ? stored.shown : readStored(key) === 'true';
  const update = useCallback(
    (next: boolean) => {
      writeStored(key, next ? 'true' : null);
      setStored({ key, shown: next });
    },
    [key],
  );
  return [shown, update];
}

function useCanDispatch(): boolean {
  const access = useUserAccess();
  const entry = menuEntryByEnumId('LoadScheduling');
  if (!entry) return false;
  const flags = permissionFlags(access.permissions.levelOf(entry.id));
  return !flags.none && !flags.readOnly;
}

export function LoadSchedulingScreen() {
  const { t } = useTranslation();
  const now = useNow();
  const phone = useCompactLayout();
  const [preferences, setPreferences] = useBoardPreferences();
  const [mapShown, setMapShown] = useMapShown();
  const canWrite = useCanDispatch();
  const access = useUserAccess();
  const [selectedLoadId, setSelectedLoadId] = useState<number | null>(null);
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

  const {
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
  } = useBoardData({ preferences, now, allowedSystemTypes: access.allowedSystemTypes });

  const selected = findSelected(data, selectedLoadId);
  // R-BOARD-33: the order being dispatched is locked while one of its loads is selected.
  const heldBy = useRecordLock('orders', selected?.order.id, selected !== null && canWrite);

  const {
    washQuestion,
    setWashQuestion,
    confirmWash,
    handleDispatch,
    handleReorder,
    handleSetStatus,
    handleReprint,
    handleDropTruck,
  } = useBoardActions({ data, filters, plantName, setSelectedLoadId });

  const [returnedTarget, setReturnedTarget] = useState<ReturnedConcreteTarget | null>(null);

  const header = (
    <BoardHeader
      phone={phone}
      loaded={data !== undefined}
      waiting={waiting}
      fetching={board.isFetching}
      plantChoices={plantChoices}
      preferences={preferences}
      setPreferences={setPreferences}
      filters={filters}
      mapShown={mapShown}
      onMapShown={setMapShown}
    />
  );

  if (phone) {
    return (
      <Stack gap="sm">
        {header}
        {mapShown ? (
          <TruckMapPanel statusColors={truckStatusColors} height="55vh" list="below" />
        ) : (
          <Title order={4}>{t('loadScheduling.phoneTitle')}</Title>
        )}
        {!mapShown && data && (
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
      {mapShown && <TruckMapPanel statusColors={truckStatusColors} height="22rem" list="side" />}
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
          <WashQuestionDialog
            question={washQuestion}
            onClose={() => setWashQuestion(null)}
            onConfirm={confirmWash}
          />
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
