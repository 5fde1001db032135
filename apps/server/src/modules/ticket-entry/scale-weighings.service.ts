/**
 * R-SCALE-4..6: the weighing rules of NIST Handbook 44 on the server. A weight is taken from the
 * scale's last reading only when the reading is stable, in range and in whole divisions, and is
 * kept with the indicator frame it came from; a ticket then names the weights it uses, and their
 * frames go into its history. A stored tare is used only within the re-weigh interval; a truck
 * without one weighs in empty and waits for its second pass.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AggregateTicketEntry } from '@dispatch/domain/dispatch/ticket-entry';
import type { FieldProblem } from '@dispatch/domain/api/field-problem';
import { weighingProblem, type ScaleWeightUnit } from '@dispatch/domain/plants/scale';
import {
  storedTareProblem,
  weighingValidHours,
  type TakenWeight,
  type WeighIn,
  type WeighingKind,
} from '@dispatch/domain/tickets/scale-weighings';
import type { Db, Tx } from '../../db/client';
import { scaleWeighings } from '../../db/schema/scale-weighings';
import { trucks } from '../../db/schema/trucks';
import { recordAudit } from '../../audit/audit-trail';
import { scaleSettingsOf } from '../../dispatch/scale-settings';
import { ApiError } from '../../http/api-error';
import { readSystemParameter } from '../settings/system-parameters.service';

type Connection = Db | Tx;

export type PlantScale = {
  capacity: number | null;
  division: number | null;
  unit: ScaleWeightUnit;
};

/** The pit's scale as the weighing rules need it. */
export async function plantScale(tx: Connection, plantId: number): Promise<PlantScale | null> {
  const settings = await scaleSettingsOf(tx, plantId);
  return (
    settings && {
      capacity: settings.scaleCapacity,
      division: settings.scaleDivision,
      unit: settings.scaleUnit,
    }
  );
}

/** A reading as the dispatcher last heard it from the scale, with its frame. */
export type LastReading = {
  weight: number;
  unit: string;
  stable: boolean;
  status: Parameters<typeof weighingProblem>[0]['status'];
  readAt: string;
  frame: string | null;
};

/** A reading older than this is not the deck as it is now: the scale has gone quiet. */
const freshReadingMs = 3_000;

/**
 * R-SCALE-4: takes the scale's weight (TakeScaleWeight). Refused, with the rule it breaks, unless
 * the reading is fresh, stable, in range and in whole divisions. A tare taken for a truck is an
 * empty weigh-in (R-SCALE-6): it waits for the truck's second pass, and becomes the truck's
 * stored tare, dated now.
 */
export async function takeScaleWeight(
  db: Db,
  take: {
    plantId: number;
    kind: WeighingKind;
    truckId: number | null;
    reading: LastReading | undefined;
    username: string;
    now: Date;
  },
): Promise<TakenWeight> {
  const scale = await plantScale(db, take.plantId);
  if (!scale) throw new ApiError('notFound', `Plant ${take.plantId} was not found.`);
  const reading = take.reading;
  if (!reading || take.now.getTime() - new Date(reading.readAt).getTime() > freshReadingMs) {
    throw new ApiError('conflict', 'No weight can be taken: the scale is not being read.', {
      code: 'scale_not_read',
    });
  }
  const problem = weighingProblem(reading, scale);
  if (problem) {
    throw new ApiError('conflict', `No weight can be taken: ${problem}.`, {
      code: 'weight_refused',
    });
  }
  return db.transaction(async (tx) => {
    if (take.truckId !== null) {
      const [truck] = await tx
        .select({ id: trucks.id })
        .from(trucks)
        .where(and(eq(trucks.id, take.truckId), eq(trucks.inactiveFlag, false)));
      if (!truck) throw new ApiError('notFound', `Truck ${take.truckId} was not found.`);
    }
    const [row] = await tx
      .insert(scaleWeighings)
      .values({
        plantId: take.plantId,
        kind: take.kind,
        weight: reading.weight,
        unit: scale.unit,
        frame: reading.frame,
        takenAt: take.now,
        takenBy: take.username,
        truckId: take.kind === 'tare' ? take.truckId : null,
      })
      .returning();
    if (take.kind === 'tare' && take.truckId !== null) {
      await tx
        .update(trucks)
        .set({ tareWeight: reading.weight, tareWeighedAt: take.now })
        .where(eq(trucks.id, take.truckId));
    }
    return {
      weighingId: row!.id,
      plantId: row!.plantId,
      kind: take.kind,
      weight: reading.weight,
      unit: scale.unit,
      frame: row!.frame,
      truckId: row!.truckId,
      takenAt: take.now.toISOString(),
    };
  });
}

const validSince = (now: Date) => new Date(now.getTime() - weighingValidHours * 3_600_000);

/** R-SCALE-6: the trucks weighed in empty at the pit that have not weighed out yet. */
export async function openWeighIns(db: Connection, plantId: number, now: Date): Promise<WeighIn[]> {
  const rows = await db
    .select({
      weighingId: scaleWeighings.id,
      truckId: scaleWeighings.truckId,
      truckNumber: trucks.identificationNumber,
      weight: scaleWeighings.weight,
      unit: scaleWeighings.unit,
      takenAt: scaleWeighings.takenAt,
    })
    .from(scaleWeighings)
    .innerJoin(trucks, eq(trucks.id, scaleWeighings.truckId))
    .where(
      and(
        eq(scaleWeighings.plantId, plantId),
        eq(scaleWeighings.kind, 'tare'),
        isNull(scaleWeighings.ticketId),
        isNotNull(scaleWeighings.truckId),
        gt(scaleWeighings.takenAt, validSince(now)),
      ),
    )
    .orderBy(asc(scaleWeighings.takenAt));
  return rows.map((row) => ({
    weighingId: row.weighingId,
    truckId: row.truckId!,
    truckNumber: row.truckNumber,
    weight: row.weight,
    unit: row.unit,
    takenAt: row.takenAt.toISOString(),
  }));
}

type Weighing = typeof scaleWeighings.$inferSelect;

export type CheckedWeighings = { problems: FieldProblem[]; used: Weighing[] };

const fieldOf = { gross: 'grossWeight', tare: 'tareWeight' } as const;

/**
 * R-SCALE-4, R-SCALE-5: the weights of an aggregate ticket as taken: each must be this pit's,
 * unused, recent and unchanged; a tare from the truck must be its stored tare, within the
 * re-weigh interval. (Range and divisions, keyed or taken, are `weightProblems`'.)
 */
export async function checkTicketWeights(
  tx: Tx,
  entry: AggregateTicketEntry,
  truck: { id: number; identificationNumber: string } | undefined,
  now: Date,
): Promise<CheckedWeighings> {
  const problems: FieldProblem[] = [];
  const ids = [entry.grossWeighingId, entry.tareWeighingId].filter((id) => id !== null);
  const rows =
    ids.length === 0
      ? []
      : await tx.select().from(scaleWeighings).where(inArray(scaleWeighings.id, ids)).for('update');
  const used: Weighing[] = [];
  for (const kind of ['gross', 'tare'] as const) {
    const id = kind === 'gross' ? entry.grossWeighingId : entry.tareWeighingId;
    if (id === null) continue;
    const field = fieldOf[kind];
    const row = rows.find((candidate) => candidate.id === id);
    const reason = !row
      ? 'names a weight that was never taken'
      : row.plantId !== entry.plantId || row.kind !== kind
        ? `names a weight that is not this scale's ${kind} weight`
        : row.ticketId !== null
          ? 'names a weight already on another ticket'
          : row.takenAt.getTime() < validSince(now).getTime()
            ? `names a weight taken more than ${weighingValidHours} hours ago`
            : row.weight !== entry[field]
              ? `is not the weight taken from the scale (${row.weight.toLocaleString('en-US')} ${row.unit})`
              : null;
    if (reason) problems.push({ field, reason });
    else used.push(row!);
  }
  if (entry.tareSource === 'truck') {
    problems.push(...(await storedTareProblems(tx, entry, truck, now)));
  }
  return { problems, used };
}

async function storedTareProblems(
  tx: Tx,
  entry: AggregateTicketEntry,
  truck: { id: number; identificationNumber: string } | undefined,
  now: Date,
): Promise<FieldProblem[]> {
  if (!truck) {
    return [{ field: 'truckId', reason: 'choose the truck whose stored tare is used' }];
  }
  const [stored] = await tx
    .select({ tareWeight: trucks.tareWeight, tareWeighedAt: trucks.tareWeighedAt })
    .from(trucks)
    .where(eq(trucks.id, truck.id));
  const problem = storedTareProblem(
    {
      identificationNumber: truck.identificationNumber,
      tareWeight: stored?.tareWeight ?? null,
      tareWeighedAt: stored?.tareWeighedAt?.toISOString() ?? null,
    },
    await readSystemParameter(tx, 'tareReweighDays'),
    now,
  );
  if (problem) return [{ field: 'tareWeight', reason: problem }];
  if (stored!.tareWeight !== entry.tareWeight) {
    return [
      {
        field: 'tareWeight',
        reason: `is not truck ${truck.identificationNumber}'s stored tare (${stored!.tareWeight!.toLocaleString('en-US')})`,
      },
    ];
  }
  return [];
}

/**
 * R-SCALE-4: the ticket's weights in its history: each taken weight with the indicator frame it
 * came from, each keyed one as keyed; the weighings are marked used by the ticket.
 */
export async function recordTicketWeights(
  tx: Tx,
  ticketId: number,
  entry: AggregateTicketEntry,
  used: Weighing[],
  writer: { username: string; now: Date },
): Promise<void> {
  if (used.length > 0) {
    await tx
      .update(scaleWeighings)
      .set({ ticketId })
      .where(
        inArray(
          scaleWeighings.id,
          used.map((row) => row.id),
        ),
      );
  }
  for (const kind of ['gross', 'tare'] as const) {
    const field = fieldOf[kind];
    const taken = used.find((row) => row.kind === kind);
    const fromTruck = kind === 'tare' && !taken && entry.tareSource === 'truck';
    await recordAudit(tx, {
      username: writer.username,
      at: writer.now,
      resource: 'tickets',
      recordId: ticketId,
      action: taken ? 'weighed' : fromTruck ? 'storedTare' : 'keyed',
      before: null,
      after: taken
        ? {
            [field]: taken.weight,
            scaleFrame: taken.frame,
            weighedDateTime: taken.takenAt.toISOString(),
          }
        : { [field]: entry[field] },
    });
  }
}
