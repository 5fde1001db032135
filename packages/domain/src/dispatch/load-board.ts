/**
 * R-BOARD: what the load-scheduling board reads in one call (`GET /api/v1/load-board`), shared by
 * the server that answers it and the web board that draws it. The board asks for a time window and
 * a choice of plants; the answer holds those plants with their yard (in sequence) and their trucks
 * out, and the orders with a load in the window, each load with its projected cycle (from the
 * schedule and the plant's batch and wash times) and the times its ticket has actually stamped.
 *
 * Live updates (loadUpdate_v1, truckUpdate_v1, truckSequenceUpdate_v1, orderUpdate_v1,
 * scheduleStatusAverageUpdate_v1) patch this answer in the client's cache; anything the events do
 * not carry is refetched (the server keeps the answer cached until a write, so that is cheap).
 */
import { z } from 'zod';
import { idListQuerySchema, idSchema, optionalDateSchema } from '../api/fields';
import { truckLiveViewSchema } from '../trucks/truck-views';
import { isoDateStringSchema } from '../dates/iso-date';
import { pourRequestKinds } from '../tracking/pour-requests';

/** The windows a dispatcher picks from; `range` takes a chosen from and to. */
export const boardWindowKeys = ['today', 'next2', 'next4', 'next8', 'next24', 'range'] as const;
export type BoardWindowKey = (typeof boardWindowKeys)[number];

/** Hours ahead of now for the rolling windows. */
export const boardWindowHours = { next2: 2, next4: 4, next8: 8, next24: 24 } as const;

/** `GET /api/v1/load-board?from&to&plantIds=1,2,3`: no plantIds means every plant the user may see. */
export const loadBoardQuerySchema = z.object({
  from: isoDateStringSchema,
  to: isoDateStringSchema,
  plantIds: idListQuerySchema.optional(),
});
export type LoadBoardQuery = z.infer<typeof loadBoardQuerySchema>;

/** A load's cycle as projected: ticket (batching starts), on the job, back at the plant. */
export const boardLoadTimesSchema = z.object({
  ticketTime: isoDateStringSchema,
  loadedTime: isoDateStringSchema,
  onJobTime: isoDateStringSchema,
  finishUnloadTime: isoDateStringSchema,
  /**
   * R-BOARD-24: the end of washing out at the job (finish unload plus the schedule's wash
   * minutes), when the server sends it; without it the board draws wash and return as one.
   */
  washedTime: isoDateStringSchema.optional(),
  returnTime: isoDateStringSchema,
});
export type BoardLoadTimes = z.infer<typeof boardLoadTimesSchema>;

/** The times the load's ticket has stamped so far (truck status loop); null until stamped. */
export const boardLoadActualSchema = z.object({
  ticketTime: optionalDateSchema,
  loadedTime: optionalDateSchema,
  toJobTime: optionalDateSchema,
  onJobTime: optionalDateSchema,
  finishUnloadTime: optionalDateSchema,
  toPlantTime: optionalDateSchema,
  arrivePlantTime: optionalDateSchema,
});
export type BoardLoadActual = z.infer<typeof boardLoadActualSchema>;

export const boardLoadSchema = z.object({
  id: idSchema,
  orderId: idSchema,
  scheduleId: idSchema,
  plantId: idSchema,
  loadNumber: z.int().positive(),
  quantity: z.number(),
  /** R-DISP-2: load_statuses (1 scheduled, 2 ticketed, 3 delivered, 4 cancelled). */
  statusId: idSchema,
  ticketId: idSchema.nullable(),
  ticketNumber: z.int().nullable(),
  truckId: idSchema.nullable(),
  truckNumber: z.string().nullable(),
  projected: boardLoadTimesSchema,
  actual: boardLoadActualSchema,
  /**
   * R-PRINT-10: why its ticket did not print when the truck was sent (the plant prints when sent);
   * null once it printed, or when nothing failed.
   */
  printFailure: z.string().nullable(),
  /** Sent back with a dispatch (optimistic concurrency). */
  version: z.int(),
});
export type BoardLoad = z.infer<typeof boardLoadSchema>;

export const boardOrderSchema = z.object({
  id: idSchema,
  number: z.int(),
  customerName: z.string(),
  jobDescription: z.string(),
  jobAddress: z.string(),
  plantId: idSchema,
  systemTypeId: idSchema,
  orderStatusId: idSchema,
  /** Will call: not firm until the customer calls it in (truck demand keeps it apart). */
  willCall: z.boolean(),
  onHold: z.boolean(),
  /** R-BOARD-36: why an order on hold waits (R-PEND-2: its credit notes' first line); else null. */
  holdReason: z.string().nullable(),
  orderFlagId: idSchema.nullable(),
  dispatchNotes: z.string(),
  productDescription: z.string(),
  unitOfMeasure: z.string(),
  orderedQuantity: z.number(),
  deliveredQuantity: z.number(),
  version: z.int(),
  /** R-TRACK-12: when the customer confirmed the order from the day-before notice, if they did. */
  confirmedAt: isoDateStringSchema.nullable(),
  loads: z.array(boardLoadSchema),
  /** R-TRACK-8: what the site asked from the pour page and dispatch has not answered yet. */
  pourRequests: z.array(
    z.object({
      id: idSchema,
      kind: z.enum(pourRequestKinds),
      notes: z.string().nullable(),
      callbackPhone: z.string().nullable(),
      createdAt: isoDateStringSchema,
    }),
  ),
});
export type BoardOrder = z.infer<typeof boardOrderSchema>;

/** A truck on the board: its live view, and the load it carries while out. */
export const boardTruckSchema = truckLiveViewSchema.extend({
  loadId: idSchema.nullable(),
  orderId: idSchema.nullable(),
  orderNumber: z.int().nullable(),
  ticketNumber: z.int().nullable(),
});
export type BoardTruck = z.infer<typeof boardTruckSchema>;

/** R-HUB: scheduleStatusAverageUpdate_v1, average minutes per truck status of a plant's active schedules. */
export const statusAverageSchema = z.object({
  plantId: idSchema,
  averages: z.array(z.object({ statusId: idSchema, minutes: z.number(), trucks: z.int() })),
});
export type StatusAverage = z.infer<typeof statusAverageSchema>;

export const boardPlantSchema = z.object({
  id: idSchema,
  description: z.string(),
  systemTypeId: idSchema,
  /** Trucks assigned to the plant and in service (not out of service or off duty). */
  trucksAvailable: z.int().nonnegative(),
  /** Waiting in the yard, in sequence: the first takes the next load. */
  yard: z.array(boardTruckSchema),
  /** On the road or on the job, with their load. */
  out: z.array(boardTruckSchema),
  statusAverages: statusAverageSchema.shape.averages,
});
export type BoardPlant = z.infer<typeof boardPlantSchema>;

export const loadBoardSchema = z.object({
  from: isoDateStringSchema,
  to: isoDateStringSchema,
  generatedAt: isoDateStringSchema,
  plants: z.array(boardPlantSchema),
  orders: z.array(boardOrderSchema),
});
export type LoadBoard = z.infer<typeof loadBoardSchema>;

/** `PUT /api/v1/plants/{id}/yard-sequence`: the yard's trucks in their new order. */
export const yardSequenceBodySchema = z.object({
  truckIds: z.array(idSchema).min(1, 'must name at least one truck'),
});
export type YardSequenceBody = z.infer<typeof yardSequenceBodySchema>;
