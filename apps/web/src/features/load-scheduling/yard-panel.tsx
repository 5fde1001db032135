/**
 * R-BOARD-30: a plant's yard: the trucks waiting in their sequence (drag to reorder, or Alt+↑/↓
 * on a truck; the first takes the next load), and the trucks out with their status, the minutes
 * in it and their load. Every truck has a menu of the status loop to set its status by hand.
 * A yard truck is also dragged onto a load of the same plant to send it there. A truck out on a
 * load whose ticket did not print is marked, and its menu reprints the ticket (R-BOARD-39).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Badge, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  draggable,
  dropTargetForElements,
} from '@atlaskit/pragmatic-drag-and-drop/adapter/element-adapter';
import type { BoardPlant, BoardTruck } from '@dispatch/domain/dispatch/load-board';
import {
  isTruckStatusId,
  truckStatusById,
  truckStatuses,
  type TruckStatusId,
} from '@dispatch/domain/trucks/truck-status';
import { lookupText } from '../../lib/i18n/lookup-text';
import { truckStatusColors } from './board-colors';
import { isTruckDrag, type TruckDragData } from './order-timeline';
import classes from './load-scheduling.module.css';

/** Minutes the truck has been in its status: from its status time when known, else as sent. */
export function minutesInStatus(truck: BoardTruck, now: number): number {
  const since = truck.statusDateTime ? Date.parse(truck.statusDateTime) : NaN;
  // A status time ahead of this clock (another machine's clock) leaves the server's count.
  if (Number.isNaN(since) || since > now) return truck.minutes ?? 0;
  return Math.floor((now - since) / 60_000);
}

/** R-BOARD-39: a ticket that did not print when its truck was sent, by the load it carries. */
export type PrintFailure = { ticketId: number; ticketNumber: number; reason: string };

type Props = {
  plant: BoardPlant;
  now: number;
  canWrite: boolean;
  printFailures: ReadonlyMap<number, PrintFailure>;
  onReorder: (plantId: number, from: number, to: number) => void;
  onSetStatus: (truck: BoardTruck, statusId: TruckStatusId) => void;
  onReprint: (ticketId: number) => void;
};

export function YardPanel({ plant, now, canWrite, printFailures, ...props }: Props) {
  const { onReorder, onSetStatus, onReprint } = props;
  const { t } = useTranslation();
  const averages = plant.statusAverages.filter((average) => average.trucks > 0);
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      role="region"
      aria-label={t('loadScheduling.yardOf', { plant: plant.description })}
    >
      <Group justify="space-between" gap={4} mb={4} wrap="nowrap">
        <Text fw={700} size="sm" truncate>
          {plant.description}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Badge size="xs" variant="light" color="gray" tt="none">
            {t('loadScheduling.inYard', { count: plant.yard.length })}
          </Badge>
          <Badge size="xs" variant="light" color="petrol" tt="none">
            {t('loadScheduling.available', { count: plant.trucksAvailable })}
          </Badge>
        </Group>
      </Group>
      <Stack
        gap={3}
        role="list"
        aria-label={t('loadScheduling.yardOf', { plant: plant.description })}
      >
        {plant.yard.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('loadScheduling.emptyYard')}
          </Text>
        )}
        {plant.yard.map((truck, index) => (
          <YardTruck
            key={truck.id}
            truck={truck}
            index={index}
            count={plant.yard.length}
            now={now}
            canWrite={canWrite}
            onReorder={(from, to) => onReorder(plant.id, from, to)}
            onSetStatus={onSetStatus}
          />
        ))}
      </Stack>
      {canWrite && plant.yard.length > 1 && (
        <Text size="xs" c="dimmed" mt={2}>
          {t('loadScheduling.moveHint')}
        </Text>
      )}
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="xs" mb={2}>
        {t('loadScheduling.outCount', { count: plant.out.length })}
      </Text>
      <div role="list" aria-label={`${t('loadScheduling.out')} ${plant.description}`}>
        {plant.out.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('loadScheduling.noneOut')}
          </Text>
        )}
        {plant.out.map((truck) => (
          <OutTruck
            key={truck.id}
            truck={truck}
            now={now}
            canWrite={canWrite}
            printFailure={truck.loadId === null ? undefined : printFailures.get(truck.loadId)}
            onSetStatus={onSetStatus}
            onReprint={onReprint}
          />
        ))}
      </div>
      {averages.length > 0 && (
        <Group gap={4} mt={6} aria-label={t('loadScheduling.averages')}>
          {averages.map((average) => (
            <Tooltip key={average.statusId} label={t('loadScheduling.averages')}>
              <Badge size="xs" variant="outline" tt="none" color={statusColor(average.statusId)}>
                {statusName(t, average.statusId)} {Math.round(average.minutes)}′
              </Badge>
            </Tooltip>
          ))}
        </Group>
      )}
    </Paper>
  );
}

function statusColor(statusId: number | null): string {
  return statusId !== null && isTruckStatusId(statusId)
    ? truckStatusColors[truckStatusById(statusId).key]
    : 'gray';
}

function statusName(t: (key: string) => string, statusId: number | null): string {
  return statusId !== null && isTruckStatusId(statusId)
    ? t(`loadScheduling.truckStatuses.${truckStatusById(statusId).key}`)
    : '—';
}

function StatusMenu({
  truck,
  printFailure,
  onSetStatus,
  onReprint,
}: {
  truck: BoardTruck;
  printFailure?: PrintFailure | undefined;
  onSetStatus: (truck: BoardTruck, statusId: TruckStatusId) => void;
  onReprint?: (ticketId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('loadScheduling.statusMenu', { number: truck.identificationNumber })}
        >
          ⋮
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {printFailure && onReprint && (
          <>
            <Menu.Item color="red" onClick={() => onReprint(printFailure.ticketId)}>
              {t('loadScheduling.reprintTicket', { ticket: printFailure.ticketNumber })}
            </Menu.Item>
            <Menu.Divider />
          </>
        )}
        <Menu.Label>{t('loadScheduling.setStatus')}</Menu.Label>
        {truckStatuses.map((status) => (
          <Menu.Item
            key={status.id}
            disabled={status.id === truck.statusId}
            leftSection={
              <Badge size="xs" circle color={truckStatusColors[status.key]}>
                {' '}
              </Badge>
            }
            onClick={() => onSetStatus(truck, status.id)}
          >
            {t(`loadScheduling.truckStatuses.${status.key}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

type YardTruckProps = {
  truck: BoardTruck;
  index: number;
  count: number;
  now: number;
  canWrite: boolean;
  onReorder: (from: number, to: number) => void;
  onSetStatus: (truck: BoardTruck, statusId: TruckStatusId) => void;
};

function YardTruck({ truck, index, count, now, canWrite, onReorder, onSetStatus }: YardTruckProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const [over, setOver] = useState(false);

  useEffect(() => {
    const target = element.current;
    if (!target || !canWrite) return undefined;
    const data: TruckDragData & { index: number } = {
      type: 'truck',
      truckId: truck.id,
      plantId: truck.plantId ?? 0,
      index,
    };
    const stopDrag = draggable({
      element: target,
      getInitialData: () => data,
      onDragStart: () => setDragging(true),
      onDrop: () => setDragging(false),
    });
    const stopDrop = dropTargetForElements({
      element: target,
      canDrop: ({ source }) =>
        isTruckDrag(source.data) &&
        source.data.plantId === data.plantId &&
        source.data.truckId !== truck.id,
      onDragEnter: () => setOver(true),
      onDragLeave: () => setOver(false),
      onDrop: ({ source }) => {
        setOver(false);
        const from = source.data.index;
        if (typeof from === 'number') onReorder(from, index);
      },
    });
    return () => {
      stopDrag();
      stopDrop();
    };
  }, [truck.id, truck.plantId, index, canWrite, onReorder]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!event.altKey || !canWrite) return;
    if (event.key === 'ArrowUp' && index > 0) {
      event.preventDefault();
      onReorder(index, index - 1);
    }
    if (event.key === 'ArrowDown' && index < count - 1) {
      event.preventDefault();
      onReorder(index, index + 1);
    }
  };

  const className = [
    classes.yardItem,
    index === 0 ? classes.yardFirst : '',
    dragging ? classes.yardDragging : '',
    over ? classes.yardOver : '',
  ].join(' ');

  return (
    <div
      ref={element}
      role="listitem"
      tabIndex={0}
      className={className}
      data-truck-id={truck.id}
      aria-label={t('loadScheduling.truckAria', {
        number: truck.identificationNumber,
        place: index + 1,
      })}
      onKeyDown={handleKeyDown}
    >
      <span className={classes.place}>{index + 1}</span>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={700}>
          {truck.identificationNumber}
        </Text>
        {truck.truckFlag && (
          <Badge size="xs" variant="light" color="grape">
            {lookupText('truckFlags', truck.truckFlag)}
          </Badge>
        )}
        {truck.statusFromGps && <GpsMark />}
      </Group>
      <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {t('loadScheduling.minutes', { count: minutesInStatus(truck, now) })}
      </Text>
      {canWrite ? <StatusMenu truck={truck} onSetStatus={onSetStatus} /> : <span />}
    </div>
  );
}

/** R-GPS-13: the status was set by the fences, not by a person. */
function GpsMark() {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('loadScheduling.gpsStatusTip')} multiline maw={280} withinPortal>
      <Badge
        size="xs"
        variant="outline"
        color="teal"
        tt="none"
        style={{ flexShrink: 0 }}
        aria-label={t('loadScheduling.gpsStatusTip')}
      >
        {t('loadScheduling.gpsStatus')}
      </Badge>
    </Tooltip>
  );
}

function OutTruck({
  truck,
  now,
  canWrite,
  printFailure,
  onSetStatus,
  onReprint,
}: {
  truck: BoardTruck;
  now: number;
  canWrite: boolean;
  printFailure: PrintFailure | undefined;
  onSetStatus: (truck: BoardTruck, statusId: TruckStatusId) => void;
  onReprint: (ticketId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="listitem"
      className={classes.outItem}
      data-truck-id={truck.id}
      aria-label={truck.identificationNumber}
    >
      <Text size="xs" fw={700}>
        {truck.identificationNumber}
      </Text>
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
        <Badge
          size="xs"
          color={statusColor(truck.statusId)}
          variant="filled"
          tt="none"
          style={{ flexShrink: 0, overflow: 'visible' }}
        >
          {statusName(t, truck.statusId)}
        </Badge>
        {truck.statusFromGps && <GpsMark />}
        {printFailure && (
          <Tooltip
            label={t('loadScheduling.printFailure', {
              ticket: printFailure.ticketNumber,
              reason: printFailure.reason,
            })}
            multiline
            maw={320}
            withinPortal
          >
            <Badge size="xs" color="red" variant="light" tt="none" style={{ flexShrink: 0 }}>
              {t('loadScheduling.printFailed')}
            </Badge>
          </Tooltip>
        )}
        {truck.orderNumber !== null && (
          <Text size="xs" c="dimmed" truncate>
            {truck.orderNumber}
            {truck.ticketNumber !== null ? ` · #${truck.ticketNumber}` : ''}
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {t('loadScheduling.minutes', { count: minutesInStatus(truck, now) })}
      </Text>
      {canWrite ? (
        <StatusMenu
          truck={truck}
          printFailure={printFailure}
          onSetStatus={onSetStatus}
          onReprint={onReprint}
        />
      ) : (
        <span />
      )}
    </div>
  );
}
