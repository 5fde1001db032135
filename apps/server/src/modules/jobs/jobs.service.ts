import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countAll, pageWithTotal, totalMatches } from '../../db/paging';
import { customers } from '../../db/schema/customers';
import { jobs } from '../../db/schema/jobs';
import { likePattern, type ListQuery } from '../../http/list-query';
import type { JobSort, JobView } from './jobs.schemas';

export type JobListOptions = ListQuery<JobSort> & {
  customerId?: number | undefined;
  plantId?: number[] | undefined;
  includeInactive: boolean;
};

const jobColumns = { ...getTableColumns(jobs), customerName: customers.name };
type JobRow = typeof jobs.$inferSelect & { customerName: string };

/** Absent text is '' in the domain's job, as on the job form. */
function toView(row: JobRow): JobView {
  return {
    ...row,
    customerJobNumber: row.customerJobNumber ?? '',
    customerPoNumber: row.customerPoNumber ?? '',
    address1: row.address1 ?? '',
    address2: row.address2 ?? '',
    address3: row.address3 ?? '',
    address4: row.address4 ?? '',
    address5: row.address5 ?? '',
    address6: row.address6 ?? '',
    address7: row.address7 ?? '',
    lotOrBlockNumber: row.lotOrBlockNumber ?? '',
    mapReferenceId: row.mapReferenceId ?? '',
    quoteNumber: row.quoteNumber ?? '',
    quoteDescription: row.quoteDescription ?? '',
    phoneNumber: row.phoneNumber ?? '',
    phoneExtension: row.phoneExtension ?? '',
    faxNumber: row.faxNumber ?? '',
    publicWorksDirNumber: row.publicWorksDirNumber ?? '',
    importSetupKey: row.importSetupKey ?? '',
    modifiedDateTime: row.modifiedDateTime.toISOString(),
  };
}

function listConditions(options: JobListOptions): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (!options.includeInactive) conditions.push(eq(jobs.inactiveFlag, false));
  if (options.customerId !== undefined) conditions.push(eq(jobs.customerId, options.customerId));
  if (options.plantId) conditions.push(inArray(jobs.plantId, options.plantId));
  if (options.search) {
    const pattern = likePattern(options.search);
    // A job has no description column: its customer's job number and quote text describe it.
    conditions.push(
      or(
        ...[
          jobs.number,
          jobs.customerJobNumber,
          jobs.quoteDescription,
          jobs.customerPoNumber,
          jobs.address1,
          jobs.address2,
          jobs.address3,
          jobs.address4,
          jobs.address5,
          jobs.address6,
          jobs.address7,
        ].map((column) => ilike(column, pattern)),
      ),
    );
  }
  return and(...conditions);
}

function sortOrder(options: JobListOptions): SQL[] {
  const direction = options.order === 'desc' ? desc : asc;
  const column = { number: jobs.number, customerId: jobs.customerId, id: jobs.id }[
    options.sort ?? 'number'
  ];
  return [direction(column), asc(jobs.id)];
}

export async function listJobs(
  db: Db,
  options: JobListOptions,
): Promise<{ rows: JobView[]; count: number }> {
  const where = listConditions(options);
  const { rows, count } = await pageWithTotal(
    await db
      .select({ ...jobColumns, total: totalMatches() })
      .from(jobs)
      .innerJoin(customers, eq(customers.id, jobs.customerId))
      .where(where)
      .orderBy(...sortOrder(options))
      .limit(options.limit)
      .offset(options.offset),
    options.offset,
    () =>
      db
        .select({ n: countAll() })
        .from(jobs)
        .innerJoin(customers, eq(customers.id, jobs.customerId))
        .where(where),
  );
  return { rows: rows.map(toView), count };
}

export async function getJob(db: Db, id: number): Promise<JobView | undefined> {
  const [row] = await db
    .select(jobColumns)
    .from(jobs)
    .innerJoin(customers, eq(customers.id, jobs.customerId))
    .where(eq(jobs.id, id));
  return row ? toView(row) : undefined;
}
