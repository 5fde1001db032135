import { placeholderMenuId } from '../constants';
import type { SystemTypeId } from '../system-types';
import { legacyFormCatalogue } from './legacy-forms';
import type { LegacyForm } from './legacy-forms';
import { singleSystemType } from './menu-entry';
import type { MenuEntry, MenuGroup } from './menu-entry';

type ScreenSpec = {
  readonly id: number;
  readonly enumId: string;
  readonly path: string;
  readonly name: string;
  readonly longName: string;
  readonly icon: string;
  readonly systemTypeIds?: readonly SystemTypeId[];
  readonly enabled?: boolean;
  readonly alwaysShow?: boolean;
  readonly quick?: boolean;
};

type GroupDefaults = { readonly enabled?: boolean; readonly isAdmin?: boolean };

function kebabToCamel(text: string): string {
  return text.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * Two-level keys ('menu.<group>.<leaf>') so that no key is both a label and a parent, which
 * i18next's nested resources cannot hold ('/batch-load-screen' beside '/batch-load-screen/block').
 */
function screenTranslationId(group: MenuGroup, path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  const rest = segments[0] === group && segments.length > 1 ? segments.slice(1) : segments;
  return `menu.${group}.${kebabToCamel(rest.join('-'))}`;
}

function section(
  group: MenuGroup,
  defaults: GroupDefaults,
  specs: readonly ScreenSpec[],
): MenuEntry[] {
  return specs.map((spec) => {
    const systemTypeIds = spec.systemTypeIds ?? [];
    return {
      alwaysShow: spec.alwaysShow ?? false,
      availableInQuickMenu: spec.quick ?? false,
      enabled: spec.enabled ?? defaults.enabled ?? true,
      enumId: spec.enumId,
      icon: spec.icon,
      id: spec.id,
      legacy: false,
      longName: spec.longName,
      name: spec.name,
      path: spec.path,
      isAdmin: defaults.isAdmin ?? false,
      isDirty: false,
      systemTypeId: singleSystemType(systemTypeIds),
      systemTypeIds,
      translationId: screenTranslationId(group, spec.path),
      group,
    };
  });
}

function classicEntry(form: LegacyForm): MenuEntry {
  const systemTypeIds = form.systemTypeIds ?? [];
  return {
    alwaysShow: false,
    availableInQuickMenu: form.availableInQuickMenu ?? false,
    enabled: form.enabled,
    enumId: form.enumId,
    icon: form.icon,
    id: form.id,
    legacy: true,
    longName: `${form.name} (Classic)`,
    name: form.name,
    path: null,
    isAdmin: false,
    isDirty: false,
    systemTypeId: singleSystemType(systemTypeIds),
    systemTypeIds,
    translationId: `menu.classic.${lowerFirst(form.enumId.replace(/^Legacy/, ''))}`,
    group: 'classic',
  };
}

/**
 * R-MENU-4..12: the menu catalogue, in its listed order, followed by the classic forms.
 * The quick menu offers what dispatch and office staff open many times a day: order entry,
 * quick sale, ticketing, load scheduling, the batch load screen, pending orders and the main
 * maintenance screens.
 */
export const menuCatalogue: readonly MenuEntry[] = [
  ...section('customers', {}, [
    {
      id: 50101,
      enumId: 'CustomerMaintenance',
      path: '/customers/maintenance',
      name: 'Customers',
      longName: 'Customer Maintenance',
      icon: 'users',
      quick: true,
    },
  ]),
  ...section('jobs', {}, [
    {
      id: 50201,
      enumId: 'JobMaintenance',
      path: '/jobs/maintenance',
      name: 'Jobs',
      longName: 'Job Maintenance',
      icon: 'briefcase',
      quick: true,
    },
  ]),
  ...section('pumpers', {}, [
    {
      id: 50301,
      enumId: 'PumperMaintenance',
      path: '/pumpers/maintenance',
      name: 'Pumpers',
      longName: 'Pumper Maintenance',
      icon: 'crane',
    },
  ]),
  ...section('trucks', {}, [
    {
      id: 50401,
      enumId: 'TruckMaintenance',
      path: '/trucks/maintenance',
      name: 'Trucks',
      longName: 'Truck Maintenance',
      icon: 'truck',
      quick: true,
    },
    {
      id: 50402,
      enumId: 'TruckCompanyMaintenance',
      path: '/trucks/company-maintenance',
      name: 'Truck Companies',
      longName: 'Truck Company Maintenance',
      icon: 'building',
    },
  ]),
  ...section('employees', {}, [
    {
      id: 50501,
      enumId: 'EmployeeMaintenance',
      path: '/employees/maintenance',
      name: 'Employees',
      longName: 'Employee Maintenance',
      icon: 'id-badge-2',
    },
  ]),
  ...section('plants', {}, [
    {
      id: 50601,
      enumId: 'PlantMaintenance',
      path: '/plants/maintenance',
      name: 'Plants',
      longName: 'Plant Maintenance',
      icon: 'building-factory',
    },
  ]),
  ...section('quotes', {}, [
    {
      id: 50701,
      enumId: 'QuoteMaintenance',
      path: '/quote/maintenance',
      name: 'Quotes',
      longName: 'Quote Maintenance',
      icon: 'file-dollar',
    },
  ]),
  ...section('products', {}, [
    {
      id: 26000,
      enumId: 'AggregateProductMaintenance',
      path: '/products/maintenance/aggregate',
      name: 'Aggregate',
      longName: 'Aggregate Product Maintenance',
      icon: 'mountain',
      systemTypeIds: [2],
    },
    {
      id: 36000,
      enumId: 'BlockProductMaintenance',
      path: '/products/maintenance/block',
      name: 'Block',
      longName: 'Block Product Maintenance',
      icon: 'wall',
      systemTypeIds: [3],
    },
    {
      id: 16000,
      enumId: 'ConcreteProductMaintenance',
      path: '/products/maintenance/concrete',
      name: 'Concrete',
      longName: 'Concrete Product Maintenance',
      icon: 'cube',
      systemTypeIds: [1],
    },
    {
      id: 50801,
      enumId: 'OtherProductMaintenance',
      path: '/products/maintenance/other',
      name: 'Other',
      longName: 'Other Product Maintenance',
      icon: 'package',
    },
    {
      id: 50802,
      enumId: 'RawMaterialMaintenance',
      path: '/products/maintenance/raw-material',
      name: 'Raw Materials',
      longName: 'Raw Material Maintenance',
      icon: 'flask',
    },
  ]),
  ...section('credit', {}, [
    {
      id: 50901,
      enumId: 'FormLetter',
      path: '/credit/form-letter',
      name: 'Form Letters',
      longName: 'Form Letters',
      icon: 'mail',
    },
    {
      id: 50902,
      enumId: 'FormLetterMaintenance',
      path: '/credit/form-letter-maintenance',
      name: 'Form Letter Maintenance',
      longName: 'Form Letter Maintenance',
      icon: 'mail-cog',
    },
    {
      id: 50903,
      enumId: 'PreliminaryNoticeInput',
      path: '/credit/preliminary-notice-input',
      name: 'Preliminary Notice Input',
      longName: 'Preliminary Notice Input',
      icon: 'file-pencil',
      enabled: false,
    },
    {
      id: 50904,
      enumId: 'PreliminaryNoticePrint',
      path: '/credit/preliminary-notice-print',
      name: 'Preliminary Notice Print',
      longName: 'Preliminary Notice Print',
      icon: 'printer',
      enabled: false,
    },
  ]),
  ...section('operations', {}, [
    {
      id: 51001,
      enumId: 'LoadScheduling',
      path: '/load-scheduling',
      name: 'Load Scheduling',
      longName: 'Load Scheduling',
      icon: 'calendar-time',
      systemTypeIds: [1, 2],
      quick: true,
    },
    {
      id: 14000,
      enumId: 'BatchLoadScreen',
      path: '/batch-load-screen',
      name: 'Batch Load Screen',
      longName: 'Concrete Batch Load Screen',
      icon: 'building-factory-2',
      systemTypeIds: [1],
      quick: true,
    },
    {
      id: 34000,
      enumId: 'BlockBatchLoadScreen',
      path: '/batch-load-screen/block',
      name: 'Block Batch Load Screen',
      longName: 'Block Batch Load Screen',
      icon: 'building-factory-2',
      systemTypeIds: [3],
      enabled: false,
    },
    {
      id: 51002,
      enumId: 'PendingOrders',
      path: '/operations/pending-orders',
      name: 'Pending Orders',
      longName: 'Pending Orders',
      icon: 'hourglass',
      alwaysShow: true,
      quick: true,
    },
    {
      id: 51003,
      enumId: 'OnlineOrderRequests',
      path: '/operations/online-order-req',
      name: 'Online Order Requests',
      longName: 'Online Order Requests',
      icon: 'world',
    },
    {
      id: 51004,
      enumId: 'ConcreteMixModification',
      path: '/operations/concrete-mix-modification',
      name: 'Concrete Mix Modification',
      longName: 'Concrete Mix Modification',
      icon: 'adjustments',
    },
    {
      id: 51005,
      enumId: 'RawMaterialRanking',
      path: '/operations/raw-material-ranking',
      name: 'Raw Material Ranking',
      longName: 'Raw Material Ranking',
      icon: 'arrows-sort',
    },
    {
      id: 51006,
      enumId: 'GlobalMixDesignChange',
      path: '/operations/global-mix-design-change',
      name: 'Global Mix Design Change',
      longName: 'Global Mix Design Change',
      icon: 'flask',
    },
    {
      id: 51007,
      enumId: 'DeliveryChargeMaintenance',
      path: '/operations/delivery-charge-maintenance',
      name: 'Delivery Charges',
      longName: 'Delivery Charge Maintenance',
      icon: 'receipt',
      enabled: false,
    },
    {
      id: 51008,
      enumId: 'EditTicketTimes',
      path: '/operations/edit-ticket-times',
      name: 'Edit Ticket Times',
      longName: 'Edit Ticket Times',
      icon: 'clock-edit',
    },
  ]),
  ...section('orders', {}, [
    {
      id: 15000,
      enumId: 'ConcreteOrderEntry',
      path: '/orders/concrete',
      name: 'Concrete',
      longName: 'Concrete Order Entry',
      icon: 'file-invoice',
      systemTypeIds: [1],
      quick: true,
    },
    {
      id: 25000,
      enumId: 'AggregateOrderEntry',
      path: '/orders/aggregate',
      name: 'Aggregate',
      longName: 'Aggregate Order Entry',
      icon: 'file-invoice',
      systemTypeIds: [2],
      quick: true,
    },
    {
      id: 35000,
      enumId: 'BlockOrderEntry',
      path: '/orders/block',
      name: 'Block',
      longName: 'Block Order Entry',
      icon: 'file-invoice',
      systemTypeIds: [3],
      quick: true,
    },
    {
      id: 11000,
      enumId: 'ConcreteQuickSale',
      path: '/orders/concrete-quick-sale',
      name: 'Concrete Quick Sale',
      longName: 'Concrete Quick Sale',
      icon: 'shopping-cart',
      systemTypeIds: [1],
      quick: true,
    },
    {
      id: 21000,
      enumId: 'AggregateQuickSale',
      path: '/orders/aggregate-quick-sale',
      name: 'Aggregate Quick Sale',
      longName: 'Aggregate Quick Sale',
      icon: 'shopping-cart',
      systemTypeIds: [2],
      quick: true,
    },
    {
      id: 13000,
      enumId: 'ConcreteAuditOrder',
      path: '/orders/audit/concrete',
      name: 'Concrete Audit',
      longName: 'Concrete Audit Order',
      icon: 'file-search',
      systemTypeIds: [1],
    },
    {
      id: 23000,
      enumId: 'AggregateAuditOrder',
      path: '/orders/audit/aggregate',
      name: 'Aggregate Audit',
      longName: 'Aggregate Audit Order',
      icon: 'file-search',
      systemTypeIds: [2],
    },
    {
      id: 33000,
      enumId: 'BlockAuditOrder',
      path: '/orders/audit/block',
      name: 'Block Audit',
      longName: 'Block Audit Order',
      icon: 'file-search',
      systemTypeIds: [3],
    },
    {
      id: 51101,
      enumId: 'FlagInvoice',
      path: '/orders/flag-invoice',
      name: 'Flag Invoice',
      longName: 'Flag Orders for Invoicing',
      icon: 'flag',
    },
  ]),
  ...section('ticketing', {}, [
    {
      id: 22000,
      enumId: 'AggregateTicketEntry',
      path: '/ticketing/aggregate-ticket-entry',
      name: 'Aggregate Ticketing',
      longName: 'Aggregate Ticket Entry',
      icon: 'ticket',
      systemTypeIds: [2],
      quick: true,
    },
    {
      id: 32000,
      enumId: 'BlockTicketEntry',
      path: '/ticketing/block-ticket-entry',
      name: 'Block Ticketing',
      longName: 'Block Ticket Entry',
      icon: 'ticket',
      systemTypeIds: [3],
      quick: true,
    },
    {
      id: 12000,
      enumId: 'ConcreteTicketEntry',
      path: '/ticketing/concrete-ticket-entry',
      name: 'Concrete Ticketing',
      longName: 'Concrete Ticket Entry',
      icon: 'ticket',
      systemTypeIds: [1],
      enabled: false,
    },
    {
      id: 51201,
      enumId: 'EditTickets',
      path: '/ticketing/edit-tickets',
      name: 'Edit Tickets',
      longName: 'Edit Tickets',
      icon: 'edit',
      quick: true,
    },
    {
      id: 51202,
      enumId: 'BatchEditTickets',
      path: '/ticketing/batch-edit-tickets',
      name: 'Batch Edit Tickets',
      longName: 'Batch Edit Tickets',
      icon: 'list-check',
    },
  ]),
  ...section('other', {}, [
    {
      id: 51301,
      enumId: 'AccountingExport',
      path: '/accounting/export',
      name: 'Accounting Export',
      longName: 'Accounting Export',
      icon: 'file-export',
    },
    {
      id: placeholderMenuId,
      enumId: 'Dashboard',
      path: '/home',
      name: 'Dashboard',
      longName: 'Dashboard',
      icon: 'layout-dashboard',
      alwaysShow: true,
    },
    {
      id: 51302,
      enumId: 'Reports',
      path: '/reports',
      name: 'Reports',
      longName: 'Reports',
      icon: 'report',
      alwaysShow: true,
      quick: true,
    },
    {
      id: 51303,
      enumId: 'NaturalLanguageQuery',
      path: '/adhoc-queries/nlq',
      name: 'Ask AI',
      longName: 'AI-Assisted Query',
      icon: 'sparkles',
      alwaysShow: true,
    },
    {
      id: 51304,
      enumId: 'Queries',
      path: '/queries',
      name: 'Queries',
      longName: 'Ad Hoc Queries',
      icon: 'database-search',
      enabled: false,
    },
    {
      id: 51305,
      enumId: 'TicketInquiry',
      path: '/inquiry/ticket',
      name: 'Ticket Inquiry',
      longName: 'Ticket Inquiry',
      icon: 'search',
    },
    {
      id: 51306,
      enumId: 'InvoiceInquiry',
      path: '/inquiry/invoice',
      name: 'Invoice Inquiry',
      longName: 'Invoice Inquiry',
      icon: 'receipt',
    },
  ]),
  ...section('inventory', { enabled: false }, [
    {
      id: 51401,
      enumId: 'HaulerMaintenance',
      path: '/inventory/hauler-maintenance',
      name: 'Haulers',
      longName: 'Hauler Maintenance',
      icon: 'truck-loading',
    },
    {
      id: 51402,
      enumId: 'VendorMaintenance',
      path: '/inventory/vendor-maintenance',
      name: 'Vendors',
      longName: 'Vendor Maintenance',
      icon: 'building-store',
    },
    {
      id: 51403,
      enumId: 'SourceMaintenance',
      path: '/inventory/source-maintenance',
      name: 'Sources',
      longName: 'Source Maintenance',
      icon: 'map-pin',
    },
    {
      id: 51404,
      enumId: 'MaterialReceiptMaintenance',
      path: '/inventory/material-receipt-maintenance',
      name: 'Material Receipts',
      longName: 'Material Receipt Maintenance',
      icon: 'receipt',
    },
    {
      id: 51405,
      enumId: 'ReceiveMaterialReceipts',
      path: '/inventory/receive-material-receipts',
      name: 'Receive Material',
      longName: 'Receive Material Receipts',
      icon: 'package-import',
    },
    {
      id: 51406,
      enumId: 'InventoryAdjustments',
      path: '/inventory/adjustments',
      name: 'Adjustments',
      longName: 'Inventory Adjustments',
      icon: 'adjustments',
    },
    {
      id: 51407,
      enumId: 'InvoiceMaterialReceipts',
      path: '/inventory/invoice-material-receipts',
      name: 'Invoice Receipts',
      longName: 'Invoice Material Receipts',
      icon: 'file-invoice',
    },
  ]),
  ...section('administration', { isAdmin: true }, [
    {
      id: 51501,
      enumId: 'ReportScheduling',
      path: '/administration/report-scheduling',
      name: 'Report Scheduling',
      longName: 'Report Scheduling',
      icon: 'calendar-event',
    },
    {
      id: 51502,
      enumId: 'CreditStatus',
      path: '/administration/credit-status',
      name: 'Credit Status',
      longName: 'Credit Status Maintenance',
      icon: 'credit-card',
    },
    {
      id: 51503,
      enumId: 'TruckTypeMaintenance',
      path: '/administration/truck-type-maintenance',
      name: 'Truck Types',
      longName: 'Truck Type Maintenance',
      icon: 'truck',
    },
    {
      id: 51504,
      enumId: 'GroupMaintenance',
      path: '/administration/group-maintenance',
      name: 'Groups',
      longName: 'Group Maintenance',
      icon: 'users-group',
    },
    {
      id: 51505,
      enumId: 'TermsDiscount',
      path: '/administration/terms-discount',
      name: 'Terms Discounts',
      longName: 'Terms Discount Maintenance',
      icon: 'discount',
    },
    {
      id: 51506,
      enumId: 'TableEditor',
      path: '/administration/table-editor',
      name: 'Table Editor',
      longName: 'Table Editor',
      icon: 'table',
    },
    {
      id: 51507,
      enumId: 'UserMaintenance',
      path: '/administration/user-maintenance',
      name: 'Users',
      longName: 'User Maintenance',
      icon: 'user-cog',
    },
    {
      id: 51508,
      enumId: 'GlCategoryMaintenance',
      path: '/administration/gl-category-maintenance',
      name: 'GL Categories',
      longName: 'GL Category Maintenance',
      icon: 'category',
    },
    {
      id: 51509,
      enumId: 'ShortLoadMaintenance',
      path: '/administration/short-load-maintenance',
      name: 'Short Loads',
      longName: 'Short Load Maintenance',
      icon: 'scale',
    },
    {
      id: 51510,
      enumId: 'StaticProducts',
      path: '/administration/static-products',
      name: 'Static Products',
      longName: 'Static Products',
      icon: 'package',
    },
    {
      id: 51511,
      enumId: 'TaxLevelMaintenance',
      path: '/administration/tax-level-maintenance',
      name: 'Tax Levels',
      longName: 'Tax Level Maintenance',
      icon: 'receipt-tax',
    },
    {
      id: 51512,
      enumId: 'TaxScheduleMaintenance',
      path: '/administration/tax-schedule-maintenance',
      name: 'Tax Schedules',
      longName: 'Tax Schedule Maintenance',
      icon: 'calendar-dollar',
    },
    {
      id: 51513,
      enumId: 'ProductPriceEscalation',
      path: '/administration/product-price-escalation',
      name: 'Product Price Escalation',
      longName: 'Product Price Escalation',
      icon: 'trending-up',
    },
    {
      id: 51514,
      enumId: 'QuotePriceEscalation',
      path: '/administration/quote-price-escalation',
      name: 'Quote Price Escalation',
      longName: 'Quote Price Escalation',
      icon: 'chart-arrows-vertical',
    },
    {
      id: 51515,
      enumId: 'SystemParameters',
      path: '/administration/system-parameters',
      name: 'System Parameters',
      longName: 'System Parameters',
      icon: 'settings',
    },
    {
      id: 51516,
      enumId: 'ExternalUsers',
      path: '/administration/external-users',
      name: 'External Users',
      longName: 'External Users',
      icon: 'user-share',
    },
  ]),
  ...legacyFormCatalogue.filter((form) => form.legacy).map(classicEntry),
];

/**
 * A route path as the catalogue writes it: leading slash, no trailing slash, no query or fragment.
 * R-MENU-7 and R-MENU-9 write some paths without the slash ('orders/flag-invoice', 'home').
 */
export function normaliseMenuPath(path: string): string {
  const bare = (path.split(/[?#]/)[0] ?? '').trim().replace(/\/+$/, '');
  return bare.startsWith('/') ? bare : `/${bare}`;
}

const byId = new Map(menuCatalogue.map((entry) => [entry.id, entry]));
const byEnumId = new Map(menuCatalogue.map((entry) => [entry.enumId, entry]));
const byPath = new Map(
  menuCatalogue.flatMap((entry) => (entry.path === null ? [] : [[entry.path, entry] as const])),
);

export function menuEntryById(id: number): MenuEntry | undefined {
  return byId.get(id);
}

export function menuEntryByEnumId(enumId: string): MenuEntry | undefined {
  return byEnumId.get(enumId);
}

export function menuEntryByPath(path: string): MenuEntry | undefined {
  return byPath.get(normaliseMenuPath(path));
}

/** R-PERM-8: order entry, audit order, ticketing and product maintenance differ by system type. */
export const systemTypeFormEnumIds = {
  orderEntry: { 1: 'ConcreteOrderEntry', 2: 'AggregateOrderEntry', 3: 'BlockOrderEntry' },
  auditOrder: { 1: 'ConcreteAuditOrder', 2: 'AggregateAuditOrder', 3: 'BlockAuditOrder' },
  ticketEntry: { 1: 'ConcreteTicketEntry', 2: 'AggregateTicketEntry', 3: 'BlockTicketEntry' },
  productMaintenance: {
    1: 'ConcreteProductMaintenance',
    2: 'AggregateProductMaintenance',
    3: 'BlockProductMaintenance',
  },
} as const satisfies Record<string, Record<SystemTypeId, string>>;

export type SystemTypeFormKind = keyof typeof systemTypeFormEnumIds;

/** The screen of one kind for one system type. */
export function systemTypeForm(kind: SystemTypeFormKind, systemTypeId: SystemTypeId): MenuEntry {
  const enumId = systemTypeFormEnumIds[kind][systemTypeId];
  const entry = byEnumId.get(enumId);
  if (!entry) throw new Error(`The menu catalogue has no ${enumId}`);
  return entry;
}
