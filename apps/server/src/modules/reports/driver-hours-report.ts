/**
 * R-RPT-18: driver hours, from the tickets' time stamps: per driver and day, the trucks driven,
 * the loads (live tickets), the first ticket (loading starts), the last return to a plant (the
 * last stamp when a ticket has no return), the hours between them (on duty, past midnight too) and
 * the hours spent
 * at jobs (on the job to unloading finished, summed over the loads).
 */
import { sql } from 'drizzle-orm';
import { counted, sectionsBy, table, type ReportBody } from './report-document';
import {
  liveTicketsOfPeriod,
  localDateTime,
  localDay,
  num,
  rowsOf,
  type ReportContext,
} from './report-scope';

type Row = {
  driver: string;
  day: string;
  trucks: string | null;
  loads: number;
  first_in: string;
  last_out: string;
  on_duty_hours: string;
  on_job_hours: string | null;
};

export async function driverHoursReport({
  db,
  scope,
  progress,
}: ReportContext): Promise<ReportBody> {
  await progress(5, 'Reading the drivers’ tickets');
  const lastStamp = sql`coalesce(t.arrive_plant_date_time, t.to_plant_date_time,
    t.finish_unload_date_time, t.start_unload_date_time, t.on_job_date_time, t.to_job_date_time,
    t.loaded_date_time, t.ticket_date_time)`;
  const rows = await rowsOf<Row>(
    db,
    sql`
    with worked as (
      select t.driver_id, ${localDay(scope, sql`t.ticket_date_time`)} as day, t.truck_number,
             t.ticket_date_time as first_at, ${lastStamp} as last_at,
             extract(epoch from (t.finish_unload_date_time - t.on_job_date_time)) / 3600 as on_job
        from tickets t join orders o on o.id = t.order_id
       where ${liveTicketsOfPeriod(scope)} and t.driver_id is not null
    )
    select coalesce(nullif(d.name, ''), e.complete_name, 'Driver ' || d.id) as driver, w.day,
           string_agg(distinct w.truck_number, ', ') as trucks, count(*)::int as loads,
           ${localDateTime(scope, sql`min(w.first_at)`)} as first_in,
           ${localDateTime(scope, sql`max(w.last_at)`)} as last_out,
           extract(epoch from (max(w.last_at) - min(w.first_at))) / 3600 as on_duty_hours,
           sum(w.on_job) as on_job_hours
      from worked w
      join drivers d on d.id = w.driver_id
      left join employees e on e.id = d.employee_id
     group by d.id, d.name, e.complete_name, w.day
     order by 1, d.id, w.day`,
  );
  await progress(35, `${counted(rows.length, 'driver day')} read`);
  const hours = (value: string | null) => Math.round(num(value) * 100) / 100;
  const sections = sectionsBy(
    rows,
    (row) => row.driver,
    (row) => ({
      day: row.day,
      trucks: row.trucks,
      loads: row.loads,
      firstIn: row.first_in.slice(11, 16),
      lastOut: row.last_out.slice(11, 16),
      onDuty: hours(row.on_duty_hours),
      onJob: hours(row.on_job_hours),
    }),
  );
  return {
    charts: [],
    tables: [
      table({
        sheet: 'Driver hours',
        sectionLabel: 'Driver',
        columns: [
          { key: 'day', label: 'Day', kind: 'date' },
          { key: 'trucks', label: 'Trucks', kind: 'text', width: 70 },
          { key: 'loads', label: 'Loads', kind: 'integer', aggregate: 'sum' },
          { key: 'firstIn', label: 'First ticket', kind: 'time', width: 50 },
          { key: 'lastOut', label: 'Last back', kind: 'time', width: 50 },
          { key: 'onDuty', label: 'Hours on duty', kind: 'hours', aggregate: 'sum' },
          { key: 'onJob', label: 'Hours on jobs', kind: 'hours', aggregate: 'sum' },
        ],
        sections,
      }),
    ],
    notes: [],
    summary: `${counted(sections.length, 'driver')}, ${counted(rows.length, 'driver day')}`,
    rowCount: rows.length,
  };
}
