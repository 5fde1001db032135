import type { SystemTypeId } from '../system-types';

/**
 * R-LEGACY-1: one form of the legacy form catalogue. Classic forms (legacy true) open in the
 * classic desktop application; the few non-legacy ones are reports and actions that open from
 * within other screens. Ids follow the scheme documented on `MenuEntry`.
 */
export type LegacyForm = {
  readonly enumId: string;
  readonly id: number;
  readonly name: string;
  /** A Tabler icon name in kebab case. */
  readonly icon: string;
  readonly enabled: boolean;
  readonly legacy: boolean;
  readonly availableInQuickMenu?: boolean;
  /** The system types that unlock the form; absent or empty means bound to none. */
  readonly systemTypeIds?: readonly SystemTypeId[];
};

function classic(
  id: number,
  enumId: string,
  name: string,
  icon: string,
  options: Pick<LegacyForm, 'availableInQuickMenu' | 'systemTypeIds'> = {},
): LegacyForm {
  return { enumId, id, name, icon, enabled: true, legacy: true, ...options };
}

function modern(id: number, enumId: string, name: string, icon: string): LegacyForm {
  return { enumId, id, name, icon, enabled: true, legacy: false };
}

/*
 * Quick-menu flags go to classic forms the web has no working screen for (rail order entry,
 * quick and concrete ticketing, truck demand manager, rail schedule): dispatchers reach for
 * those daily. Order entry and ticketing are bound to their system type like the web screens.
 */
export const legacyFormCatalogue: readonly LegacyForm[] = [
  // 1: order entry
  classic(60101, 'LegacyConcreteOrderEntry', 'Concrete Order Entry', 'file-invoice', {
    systemTypeIds: [1],
  }),
  classic(60102, 'LegacyAggregateOrderEntry', 'Aggregate Order Entry', 'file-invoice', {
    systemTypeIds: [2],
  }),
  classic(60103, 'LegacyBlockOrderEntry', 'Block Order Entry', 'file-invoice', {
    systemTypeIds: [3],
  }),
  classic(60104, 'LegacyRailOrderEntry', 'Rail Order Entry', 'train', {
    availableInQuickMenu: true,
  }),
  // 2: maintenance
  classic(60201, 'LegacyPlantMaintenance', 'Plant Maintenance', 'building-factory'),
  classic(60202, 'LegacyProductMaintenance', 'Product Maintenance', 'package'),
  classic(60203, 'LegacyQuoteMaintenance', 'Quote Maintenance', 'file-dollar'),
  classic(60204, 'LegacyPumperMaintenance', 'Pumper Maintenance', 'crane'),
  classic(60205, 'LegacyTruckMaintenance', 'Truck Maintenance', 'truck'),
  classic(60206, 'LegacyTrailerMaintenance', 'Trailer Maintenance', 'truck-loading'),
  classic(60207, 'LegacyTruckCompanyMaintenance', 'Truck Company Maintenance', 'building'),
  classic(60208, 'LegacyVendorMaintenance', 'Vendor Maintenance', 'building-store'),
  classic(60209, 'LegacySourceMaintenance', 'Source Maintenance', 'map-pin'),
  // 3: ticketing
  classic(60301, 'LegacyAggregateTicketing', 'Aggregate Ticketing', 'ticket', {
    systemTypeIds: [2],
  }),
  classic(60302, 'LegacyQuickTicketing', 'Quick Ticketing', 'bolt', {
    availableInQuickMenu: true,
  }),
  classic(60303, 'LegacyBlockTicketing', 'Block Ticketing', 'ticket', { systemTypeIds: [3] }),
  classic(60304, 'LegacyConcreteTicketing', 'Concrete Ticketing', 'ticket', {
    systemTypeIds: [1],
    availableInQuickMenu: true,
  }),
  // 4: ticket tools
  classic(60401, 'LegacyTicketEdit', 'Ticket Edit', 'edit'),
  classic(60402, 'LegacyBatchEdit', 'Batch Edit', 'list-check'),
  classic(60403, 'LegacyEditTimes', 'Edit Times', 'clock-edit'),
  classic(60404, 'LegacyInquiry', 'Inquiry', 'search'),
  classic(60405, 'LegacyExport', 'Export', 'file-export'),
  classic(60406, 'LegacyReceive', 'Receive', 'package-import'),
  // 5: reports and planning
  classic(60501, 'LegacyReports', 'Reports', 'report'),
  classic(60502, 'LegacyPrelimInput', 'Prelim Input', 'file-pencil'),
  classic(60503, 'LegacyPrelimPrint', 'Prelim Print', 'printer'),
  classic(60504, 'LegacyMixDesignChange', 'Mix Design Change', 'flask'),
  classic(60505, 'LegacyMixDesignModification', 'Mix Design Modification', 'adjustments'),
  classic(60506, 'LegacyRawMaterialRanking', 'Raw Material Ranking', 'arrows-sort'),
  classic(60507, 'LegacyTruckDemand', 'Truck Demand', 'chart-bar'),
  classic(60508, 'LegacyTruckDemandManager', 'Truck Demand Manager', 'calendar-stats', {
    availableInQuickMenu: true,
  }),
  classic(60509, 'LegacyRailSchedule', 'Rail Schedule', 'calendar-event', {
    availableInQuickMenu: true,
  }),
  classic(60510, 'LegacyCommodityCode', 'Commodity Code', 'barcode'),
  // Non-legacy, 1: reports
  modern(70101, 'MarketSegmentsReport', 'Market Segments Report', 'chart-pie'),
  modern(70102, 'MaterialDemandReport', 'Material Demand Report', 'chart-bar'),
  modern(70103, 'SalesQuantityReport', 'Sales Quantity Report', 'chart-line'),
  modern(70104, 'ShippedOrdersReport', 'Shipped Orders Report', 'truck-delivery'),
  modern(70105, 'TruckDemandReport', 'Truck Demand Report', 'report-analytics'),
  // Non-legacy, 2: actions
  modern(70201, 'ProductPrice', 'Product Price', 'currency-dollar'),
  modern(70202, 'CopyProduct', 'Copy Product', 'copy'),
  modern(70203, 'CopyOrder', 'Copy Order', 'copy'),
];

const byId = new Map(legacyFormCatalogue.map((form) => [form.id, form]));
const byEnumId = new Map(legacyFormCatalogue.map((form) => [form.enumId, form]));

export function legacyFormById(id: number): LegacyForm | undefined {
  return byId.get(id);
}

export function legacyFormByEnumId(enumId: string): LegacyForm | undefined {
  return byEnumId.get(enumId);
}
