/**
 * A report's header (R-RPT-7): the company and database it was made from, the period, and the
 * parameters the report takes as the reader chose them, by name ("Plants: North Yard, Westgate";
 * "all" when none was chosen), and who made it when.
 */
import { inArray } from 'drizzle-orm';
import {
  defaultSalesGrouping,
  reportDefinition,
  type ReportParameter,
} from '@dispatch/domain/reports/report-catalogue';
import type { ReportLanguage } from '@dispatch/domain/reports/report-language';
import { reportPeriodLabel } from '@dispatch/domain/reports/report-period';
import { systemTypeById } from '@dispatch/domain/system-types';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { plants } from '../../db/schema/plants';
import { products } from '../../db/schema/products';
import { letterheadOf } from '../../pdf/letterhead';
import type { ReportDocument } from './report-document';
import type { ReportScope } from './report-scope';

type Header = Omit<ReportDocument, 'charts' | 'tables' | 'notes' | 'summary' | 'rowCount'>;

/** Names of the chosen records, in the order of their names. */
async function namesOf(db: Db, parameter: 'plants' | 'customers' | 'products', ids: number[]) {
  if (ids.length === 0) return 'all';
  const found =
    parameter === 'plants'
      ? await db.select({ name: plants.description }).from(plants).where(inArray(plants.id, ids))
      : parameter === 'customers'
        ? await db
            .select({ name: customers.name })
            .from(customers)
            .where(inArray(customers.id, ids))
        : await db
            .select({ name: products.description })
            .from(products)
            .where(inArray(products.id, ids));
  return found
    .map((row) => row.name)
    .sort((a, b) => a.localeCompare(b))
    .join(', ');
}

const labels: Record<ReportParameter, string> = {
  plants: 'Plants',
  customers: 'Customers',
  products: 'Products',
  systemType: 'System types',
  groupBy: 'Grouped by',
};

export async function reportHeader(
  db: Db,
  options: {
    scope: ReportScope;
    title: string;
    database: string;
    by: string;
    at: Date;
    language?: ReportLanguage;
  },
): Promise<Header> {
  const { scope } = options;
  const definition = reportDefinition(scope.key);
  const parameters: Header['parameters'] = [];
  for (const parameter of definition.parameters) {
    const value =
      parameter === 'plants'
        ? await namesOf(db, 'plants', scope.params.plantIds)
        : parameter === 'customers'
          ? await namesOf(db, 'customers', scope.params.customerIds)
          : parameter === 'products'
            ? await namesOf(db, 'products', scope.params.productIds)
            : parameter === 'systemType'
              ? scope.systemTypeIds.map((id) => systemTypeById(id).name).join(', ') || 'none'
              : (scope.params.groupBy ?? defaultSalesGrouping);
    parameters.push({ label: labels[parameter], value });
  }
  const language = options.language ?? 'en';
  const at = new Intl.DateTimeFormat(language === 'es' ? 'es' : 'en-GB', {
    timeZone: scope.zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(options.at);
  return {
    key: scope.key,
    title: options.title,
    company: (await letterheadOf(db)).name,
    database: options.database,
    period: reportPeriodLabel(scope.params.from, scope.params.to, language),
    description: definition.description,
    parameters,
    generatedAt: at.replace(',', ''),
    generatedBy: options.by,
  };
}
