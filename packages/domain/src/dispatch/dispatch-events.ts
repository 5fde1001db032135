/**
 * R-HUB-2: every message the DispatchHub pushes, by name, with what it carries (the live-update
 * views of R-ENTITY). One discriminated union shared by the server that publishes, the dispatcher
 * that fans out and the web client that applies them to its cache.
 */
import type { TicketPrintReply } from './hub-answers';
import type { StatusAverage } from './load-board';
import type { ForceLogoutEvent } from '../session/forced-logout';
import type { QuickLaunchFormUpdate } from '../menu/quick-menu';
import type { Load } from './load';
import type { OrderLiveView } from '../orders/order';
import type { OrderRequestUpdate } from '../orders/order-requests';
import type { PlantLiveView } from '../plants/plant-live-view';
import type { ScaleReadingStatus } from '../plants/scale';
import type { ServerConfigUpdate } from '../settings/system-parameters';
import type { TicketLiveView } from '../tickets/ticket';
import type { TruckLiveView } from '../trucks/truck-views';
import type { TruckPositionUpdate } from '../trucks/truck-positions';
import type { TruckSequenceEvent } from '../trucks/yard-sequence';
import type { InvoiceUpdate } from '../invoicing/invoice-schemas';
import type { BatchQueueUpdate } from '../batching/batch-queue';
import type { JobProgressEvent } from '../jobs/background-jobs';

export type ScaleReading = {
  scaleId: number;
  plantId: number;
  /** Gross weight on the deck, in the scale's unit. */
  weight: number;
  unit: 'lb' | 'kg' | 'ton' | 'tonne';
  /**
   * True once the indicator reports motion has stopped and the weight is in range: only a stable
   * weight may be taken. An over-capacity, under-zero, moving or disconnected reading never is.
   */
  stable: boolean;
  /** R-SCALE-3: what the indicator says about the deck, or that it cannot be read. */
  status: ScaleReadingStatus;
  readAt: string;
};

export type DispatchEventMap = {
  ping: { serverTime: string };
  loadUpdate_v1: Load;
  orderUpdate_v1: OrderLiveView;
  orderDelete_v1: { id: number };
  updateScale_v1: ScaleReading;
  /** R-BOARD: a plant's average minutes per truck status over its active schedules. */
  scheduleStatusAverageUpdate_v1: StatusAverage;
  ticketPrintReply_v1: TicketPrintReply;
  ticketUpdate_v1: TicketLiveView;
  truckUpdate_v1: TruckLiveView;
  /** R-GPS-12: a truck's newest position. */
  truckPositionUpdate_v1: TruckPositionUpdate;
  truckSequenceUpdate_v1: TruckSequenceEvent;
  plantUpdate_v1: PlantLiveView;
  quickLaunchFormUpdate_v1: QuickLaunchFormUpdate;
  reportComplete_v1: { reportId: number; name: string; url: string };
  accountingExportComplete_v1: { exportId: number; fileName: string; recordCount: number };
  accountingExportFailed_v1: { exportId: number; message: string };
  logoutEvent_v1: ForceLogoutEvent;
  ticketModifiedNotification_v1: { ticketId: number; modifiedBy: string };
  loadScheduleUpdatedNotification_v1: { scheduleId: number; orderId: number; modifiedBy: string };
  resourceChanged_v1: ResourceChange;
  /** A system parameter changed (R-PARAM-6): clients apply the new configuration at once. */
  serverConfigUpdate_v1: ServerConfigUpdate;
  /** Sent to a user's own sessions when their groups or form levels change (R-USER-4). */
  permissionsChanged_v1: { userIds: number[] };
  /** An online order request was made, withdrawn, accepted or rejected (R-OREQ-8); staff only. */
  orderRequestUpdate_v1: OrderRequestUpdate;
  /** Invoices made or credited by flag invoice (R-INV-9): its screens refetch. */
  invoiceUpdate_v1: InvoiceUpdate;
  /** A load in a plant's batch queue was sent, batched or failed (R-BATCH-9). */
  batchQueueUpdate_v1: BatchQueueUpdate;
  /** A background job of the receiving user moved on (R-JOB-4): sent to its owner's sessions only. */
  jobProgress_v1: JobProgressEvent;
};

/**
 * Any maintained record was created, changed or removed (R-LIVE-1): lists refetch what they
 * show, and a form open on the record learns who saved it.
 */
export type ResourceChange = {
  resource: string;
  id: number;
  action: 'created' | 'updated' | 'deactivated' | 'deleted';
  /** The record's version after the write; null once deleted. */
  version: number | null;
  by: string;
};

export type DispatchEventName = keyof DispatchEventMap;

export const dispatchEventNames = [
  'ping',
  'loadUpdate_v1',
  'orderUpdate_v1',
  'orderDelete_v1',
  'updateScale_v1',
  'scheduleStatusAverageUpdate_v1',
  'ticketPrintReply_v1',
  'ticketUpdate_v1',
  'truckUpdate_v1',
  'truckPositionUpdate_v1',
  'truckSequenceUpdate_v1',
  'plantUpdate_v1',
  'quickLaunchFormUpdate_v1',
  'reportComplete_v1',
  'accountingExportComplete_v1',
  'accountingExportFailed_v1',
  'logoutEvent_v1',
  'ticketModifiedNotification_v1',
  'loadScheduleUpdatedNotification_v1',
  'resourceChanged_v1',
  'serverConfigUpdate_v1',
  'permissionsChanged_v1',
  'orderRequestUpdate_v1',
  'invoiceUpdate_v1',
  'batchQueueUpdate_v1',
  'jobProgress_v1',
] as const satisfies readonly DispatchEventName[];

/**
 * An event too large for a NOTIFY payload travels as the ids of the rows it concerns; a client
 * that receives one refetches those rows.
 */
export type DispatchIdsPayload = { ids: number[] };

export type DispatchEvent = {
  [N in DispatchEventName]: { name: N; data: DispatchEventMap[N] | DispatchIdsPayload };
}[DispatchEventName];

export function isDispatchEventName(name: string): name is DispatchEventName {
  return (dispatchEventNames as readonly string[]).includes(name);
}

export function isIdsPayload(data: unknown): data is DispatchIdsPayload {
  return (
    typeof data === 'object' &&
    data !== null &&
    Object.keys(data).length === 1 &&
    Array.isArray((data as { ids?: unknown }).ids)
  );
}

/** The hub group every connection logged in to a named database joins. */
export function databaseGroup(database: string): string {
  return `db:${database.toUpperCase()}`;
}

/** The hub group of one database's users of one system type (R-PERM-2): a truck's or plant's events. */
export function systemTypeGroup(database: string, systemTypeId: number): string {
  return `${databaseGroup(database)}:system-type:${systemTypeId}`;
}
