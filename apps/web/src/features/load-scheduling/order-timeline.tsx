/**
 * R-BOARD-28..29: the orders as rows, grouped by plant, each with a time line of its loads. A load
 * is one bar split into its projected segments, framed in its urgency's colour, with the actual
 * stamped cycle drawn beneath it; the next load to send at each plant glows; a red line marks now.
 * Bars are drop targets for a truck dragged from a yard: one of another plant is shown refused
 * while it is held there and, dropped, is told why (R-BOARD-37). A load whose ticket did not
 * print is marked (R-BOARD-39); a held order shows its reason (R-BOARD-36). The keyboard moves
 * the selection (←/→ within an order, ↑/↓ between orders) and D or Enter sends a truck.
 */
import { useElementSize } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dropTargetForElements } from '@atlaskit/pragmatic-drag-and-drop/adapter/element-adapter';
import {
  actualSegments,
  loadUrgency,
  projectedSegments,
  type LoadSegment,
} from '@dispatch/domain/dispatch/board-timeline';
import type { BoardLoad, BoardOrder, BoardPlant } from '@dispatch/domain/dispatch/load-board';
import { orderStatusById, isOrderStatusId } from '@dispatch/domain/orders/order-status';
import { segmentColors, urgencyColors } from './board-colors';
import { SiteAsks } from './site-asks';
import classes from './load-scheduling.module.css';

export type TimelineRow = { plant: BoardPlant; orders: BoardOrder[] };

export type TruckDragData = { type: 'truck'; truckId: number; plantId: number };

export function isTruckDrag(data: Record<string | symbol, unknown>): data is TruckDragData {
  return data.type === 'truck' && typeof data.truckId === 'number';
}

const minuteMs = 60_000;

/** The room one time label needs ('10:00 AM' and a gap), in pixels. */
const labelPx = 76;
const tickSteps = [30, 60, 120, 180, 240, 360, 720];

/**
 * Tick spacing for a window: at most twelve labelled ticks, and, once the axis's width is known,
 * no more than fit side by side without touching.
 */
function tickMinutes(spanMs: number, widthPx: number): number {
  const spanMinutes = spanMs / minuteMs;
  const fit = widthPx > 0 ? Math.max(1, Math.floor(widthPx / labelPx)) : 12;
  const most = Math.min(12, fit);
  return tickSteps.find((step) => spanMinutes / step <= most) ?? tickSteps.at(-1)!;
}

export function timeTicks(from: number, to: number, widthPx = 0): number[] {
  const step = tickMinutes(to - from, widthPx) * minuteMs;
  // Aligned to the local clock (whole hours and half hours).
  const offset = new Date(from).getTimezoneOffset() * minuteMs;
  const first = Math.ceil((from - offset) / step) * step + offset;
  const ticks: number[] = [];
  for (let at = first; at < to; at += step) ticks.push(at);
  return ticks;
}

/** Pixels per lane: the bar, the actual strip beneath it and a gap. */
const laneHeight = 22;

/**
 * Loads of one order overlap (a truck's cycle is longer than the spacing between loads), so each
 * takes the first lane free at its start: a lane is, in effect, one truck's run of loads.
 */
export function loadLanes(loads: readonly BoardLoad[]): Map<number, number> {
  const ends: number[] = [];
  const lanes = new Map<number, number>();
  for (const load of [...loads].sort((a, b) => loadStart(a) - loadStart(b))) {
    const start = loadStart(load);
    const end = Math.max(
      Date.parse(load.projected.returnTime),
      Date.parse(load.actual.arrivePlantTime ?? load.projected.returnTime),
    );
    const lane = ends.findIndex((laneEnd) => laneEnd <= start);
    const chosen = lane < 0 ? ends.length : lane;
    ends[chosen] = end;
    lanes.set(load.id, chosen);
  }
  return lanes;
}

const loadStart = (load: BoardLoad) =>
  Date.parse(load.actual.ticketTime ?? load.projected.ticketTime);

/** Orders grouped by plant in the plants' order, each plant's orders by their first load. */
export function timelineRows(
  plants: readonly BoardPlant[],
  orders: readonly BoardOrder[],
): TimelineRow[] {
  const first = (order: BoardOrder) => Math.min(...order.loads.map(loadStart));
  return plants
    .map((plant) => ({
      plant,
      orders: orders
        .filter((order) => order.loads.some((load) => load.plantId === plant.id))
        .map((order) => ({
          ...order,
          loads: order.loads
            .filter((load) => load.plantId === plant.id)
            .sort((a, b) => loadStart(a) - loadStart(b)),
        }))
        .sort((a, b) => first(a) - first(b) || a.number - b.number),
    }))
    .filter((row) => row.orders.length > 0);
}

type Props = {
  rows: readonly TimelineRow[];
  from: number;
  to: number;
  now: number;
  selectedLoadId: number | null;
  nextLoadIds: ReadonlySet<number>;
  canDispatch: boolean;
  onSelect: (loadId: number) => void;
  onDispatch: (loadId: number) => void;
  onDropTruck: (loadId: number, truckId: number) => void;
  formatTime: (at: number) => string;
};

export function OrderTimeline(props: Props) {
  const { t } = useTranslation();
  const { rows, from, to, now, selectedLoadId } = props;
  const root = useRef<HTMLDivElement>(null);
  const span = Math.max(1, to - from);
  const percent = (at: number) => ((at - from) / span) * 100;
  const { ref: axisRef, width: axisWidth } = useElementSize();
  const ticks = useMemo(() => timeTicks(from, to, axisWidth), [from, to, axisWidth]);
  const orderRows = useMemo(() => rows.flatMap((row) => row.orders), [rows]);

  // The selected bar keeps the focus, so the board scrolls to it as the arrows move.
  useEffect(() => {
    if (selectedLoadId === null || !root.current?.contains(document.activeElement)) return;
    root.current
      .querySelector<HTMLElement>(`[data-load-id="${selectedLoadId}"]`)
      ?.focus({ preventScroll: false });
  }, [selectedLoadId]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const rowIndex = orderRows.findIndex((order) =>
      order.loads.some((load) => load.id === selectedLoadId),
    );
    const order = orderRows[rowIndex];
    const loadIndex = order?.loads.findIndex((load) => load.id === selectedLoadId) ?? -1;
    const select = (load: BoardLoad | undefined) => {
      if (!load) return;
      event.preventDefault();
      props.onSelect(load.id);
    };
    const nearest = (target: BoardOrder | undefined) => {
      if (!target) return undefined;
      const at = order?.loads[loadIndex] ? loadStart(order.loads[loadIndex]) : now;
      return [...target.loads].sort(
        (a, b) => Math.abs(loadStart(a) - at) - Math.abs(loadStart(b) - at),
      )[0];
    };
    switch (event.key) {
      case 'ArrowRight':
        return select(order ? order.loads[loadIndex + 1] : orderRows[0]?.loads[0]);
      case 'ArrowLeft':
        return select(order?.loads[loadIndex - 1]);
      case 'ArrowDown':
        return select(nearest(order ? orderRows[rowIndex + 1] : orderRows[0]));
      case 'ArrowUp':
        return select(nearest(orderRows[rowIndex - 1]));
      case 'Enter':
      case 'd':
      case 'D':
        if (selectedLoadId !== null && props.canDispatch) {
          event.preventDefault();
          props.onDispatch(selectedLoadId);
        }
        return undefined;
      default:
        return undefined;
    }
  };

  const nowShown = now >= from && now <= to;

  return (
    <div
      ref={root}
      className={classes.timeline}
      role="region"
      aria-label={t('loadScheduling.title')}
      tabIndex={selectedLoadId === null ? 0 : -1}
      onKeyDown={handleKeyDown}
    >
      <div className={classes.axisRow}>
        <div className={classes.axisLabel}>
          {t('loadScheduling.orders', { count: orderRows.length })}
        </div>
        <div className={classes.axis} ref={axisRef}>
          {ticks.map((tick) => (
            <div key={tick} className={classes.tick} style={{ left: `${percent(tick)}%` }}>
              <span className={classes.tickLabel}>{props.formatTime(tick)}</span>
            </div>
          ))}
          {nowShown && (
            <span className={classes.nowFlag} style={{ left: `${percent(now)}%` }}>
              {t('loadScheduling.now')} {props.formatTime(now)}
            </span>
          )}
        </div>
      </div>
      {rows.map(({ plant, orders }) => (
        <div key={plant.id} role="rowgroup" aria-label={plant.description}>
          <div className={classes.plantRow}>
            <div>
              <span>{plant.description}</span>
              <Text span size="xs" c="dimmed" fw={500}>
                {t('loadScheduling.orders', { count: orders.length })}
              </Text>
            </div>
            <div className={classes.track}>
              {nowShown && <div className={classes.nowLine} style={{ left: `${percent(now)}%` }} />}
            </div>
          </div>
          {orders.map((order) => {
            const lanes = loadLanes(order.loads);
            const laneCount = Math.max(1, ...[...lanes.values()].map((lane) => lane + 1));
            return (
              <div
                key={order.id}
                role="row"
                aria-label={t('loadScheduling.orderNumber', { number: order.number })}
                className={`${classes.row} ${order.loads.some((load) => load.id === selectedLoadId) ? classes.rowActive : ''}`}
              >
                <OrderLabel order={order} />
                <div className={classes.track} style={{ height: laneCount * laneHeight + 6 }}>
                  {ticks.map((tick) => (
                    <div
                      key={tick}
                      className={classes.gridLine}
                      style={{ left: `${percent(tick)}%` }}
                    />
                  ))}
                  {nowShown && (
                    <div className={classes.nowLine} style={{ left: `${percent(now)}%` }} />
                  )}
                  {order.loads.map((load) => (
                    <LoadBar
                      key={load.id}
                      order={order}
                      load={load}
                      top={3 + (lanes.get(load.id) ?? 0) * laneHeight}
                      now={now}
                      percent={percent}
                      selected={load.id === selectedLoadId}
                      next={props.nextLoadIds.has(load.id)}
                      canDrop={props.canDispatch}
                      onSelect={props.onSelect}
                      onDropTruck={props.onDropTruck}
                      formatTime={props.formatTime}
                    />
                  ))}
                </div>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function OrderLabel({ order }: { order: BoardOrder }) {
  const { t } = useTranslation();
  const status = isOrderStatusId(order.orderStatusId) ? orderStatusById(order.orderStatusId) : null;
  return (
    <div className={classes.rowLabel}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {order.number}
        </Text>
        {order.onHold ? (
          <Tooltip label={order.holdReason ?? t('loadScheduling.onHold')} withinPortal>
            <Badge size="xs" color="red" variant="filled" maw="14rem" tt="none">
              {order.holdReason
                ? t('loadScheduling.holdReason', { reason: order.holdReason })
                : t('loadScheduling.onHold')}
            </Badge>
          </Tooltip>
        ) : order.willCall ? (
          <Badge size="xs" color="yellow" variant="filled" c="dark">
            {t('loadScheduling.willCall')}
          </Badge>
        ) : status ? (
          <Badge size="xs" color="gray" variant="light">
            {t(`orderEntry.statuses.${status.key}`)}
          </Badge>
        ) : null}
        {order.orderFlagId !== null && (
          <Badge size="xs" color="grape" variant="light">
            {t('loadScheduling.flagged')}
          </Badge>
        )}
        {order.confirmedAt !== null && (
          <Tooltip
            label={t('loadScheduling.confirmedAt', {
              time: new Date(order.confirmedAt).toLocaleString(),
            })}
            withinPortal
          >
            <Badge size="xs" color="teal" variant="light" tt="none" style={{ flexShrink: 0 }}>
              ✓ {t('loadScheduling.confirmed')}
            </Badge>
          </Tooltip>
        )}
        <SiteAsks order={order} />
        <Text size="xs" truncate fw={600} style={{ flex: 1 }}>
          {order.customerName}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed" truncate style={{ flex: 1 }}>
          {order.jobDescription || order.jobAddress} · {order.productDescription}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('loadScheduling.delivered', {
            delivered: order.deliveredQuantity,
            ordered: order.orderedQuantity,
            unit: order.unitOfMeasure,
          })}
        </Text>
      </Group>
    </div>
  );
}

type BarProps = {
  order: BoardOrder;
  load: BoardLoad;
  /** Pixels from the top of the row: the load's lane. */
  top: number;
  now: number;
  percent: (at: number) => number;
  selected: boolean;
  next: boolean;
  canDrop: boolean;
  onSelect: (loadId: number) => void;
  onDropTruck: (loadId: number, truckId: number) => void;
  formatTime: (at: number) => string;
};

function Segments({
  segments,
  start,
  end,
}: {
  segments: LoadSegment[];
  start: number;
  end: number;
}) {
  const span = Math.max(1, end - start);
  return segments.map((segment) => (
    <div
      key={segment.kind}
      className={classes.segment}
      data-segment={segment.kind}
      style={{
        width: `${((segment.end - segment.start) / span) * 100}%`,
        background: segmentColors[segment.kind],
      }}
    />
  ));
}

function LoadBar({ order, load, top, now, percent, ...props }: BarProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLButtonElement>(null);
  const [over, setOver] = useState<'ok' | 'refused' | null>(null);
  const urgency = loadUrgency(load, new Date(now));
  const waiting = urgency !== 'sent' && urgency !== 'closed';
  const { canDrop, onDropTruck } = props;

  useEffect(() => {
    const target = element.current;
    if (!target || !waiting || !canDrop) return undefined;
    // Any yard's truck may be dropped: one the load cannot take is told why, not ignored.
    return dropTargetForElements({
      element: target,
      canDrop: ({ source }) => isTruckDrag(source.data),
      onDragEnter: ({ source }) => setOver(source.data.plantId === load.plantId ? 'ok' : 'refused'),
      onDragLeave: () => setOver(null),
      onDrop: ({ source }) => {
        setOver(null);
        if (isTruckDrag(source.data)) onDropTruck(load.id, source.data.truckId);
      },
    });
  }, [waiting, canDrop, load.id, load.plantId, onDropTruck]);

  const projected = projectedSegments(load);
  const actual = actualSegments(load, new Date(now));
  const start = projected[0]?.start ?? Date.parse(load.projected.ticketTime);
  const end = projected.at(-1)?.end ?? start;
  const actualStart = actual[0]?.start;
  const actualEnd = actual.at(-1)?.end;
  const time = props.formatTime(Date.parse(load.projected.ticketTime));
  const label = t('loadScheduling.loadAria', {
    load: load.loadNumber,
    order: order.number,
    quantity: load.quantity,
    unit: order.unitOfMeasure,
    time,
    urgency: t(`loadScheduling.urgency.${urgency}`),
  });
  const truck =
    load.truckNumber !== null
      ? t('loadScheduling.loadTruck', { truck: load.truckNumber, ticket: load.ticketNumber ?? '' })
      : null;
  const described = [label, truck, load.printFailure ? t('loadScheduling.printFailedAria') : null]
    .filter(Boolean)
    .join('; ');
  const className = [
    classes.bar,
    waiting ? classes.barPending : '',
    props.selected ? classes.barSelected : '',
    props.next ? classes.barNext : '',
    over === 'ok' ? classes.barOver : '',
    over === 'refused' ? classes.barRefused : '',
  ].join(' ');

  return (
    <>
      <Tooltip
        label={
          <div>
            <div>{label}</div>
            {truck && <div>{truck}</div>}
            {load.printFailure && (
              <div>
                {t('loadScheduling.printFailure', {
                  ticket: load.ticketNumber ?? '',
                  reason: load.printFailure,
                })}
              </div>
            )}
            {props.next && <div>★ {t('loadScheduling.nextToSend')}</div>}
          </div>
        }
        openDelay={400}
        withinPortal
      >
        <button
          ref={element}
          type="button"
          className={className}
          data-load-id={load.id}
          data-urgency={urgency}
          data-next={props.next || undefined}
          aria-label={described}
          data-print-failed={load.printFailure ? true : undefined}
          aria-pressed={props.selected}
          tabIndex={props.selected ? 0 : -1}
          style={{
            top,
            left: `${percent(start)}%`,
            width: `max(1.6rem, ${percent(end) - percent(start)}%)`,
            ['--urgency' as string]: urgencyColors[urgency],
          }}
          onClick={() => props.onSelect(load.id)}
        >
          <Segments segments={projected} start={start} end={end} />
          <span className={classes.barLabel}>
            <span className={classes.barNumber}>{load.loadNumber}</span>
            <span>{load.truckNumber ?? `${load.quantity} ${order.unitOfMeasure}`}</span>
            {props.next && <span>★</span>}
            {load.printFailure && (
              <span className={classes.printMark} aria-hidden>
                ⎙✕
              </span>
            )}
          </span>
        </button>
      </Tooltip>
      {actualStart !== undefined && actualEnd !== undefined && (
        <div
          className={classes.actual}
          data-actual-for={load.id}
          style={{
            top: top + 17,
            left: `${percent(actualStart)}%`,
            width: `${percent(actualEnd) - percent(actualStart)}%`,
          }}
        >
          <Segments segments={actual} start={actualStart} end={actualEnd} />
        </div>
      )}
    </>
  );
}
