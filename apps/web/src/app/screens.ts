/**
 * The web screens that exist, by catalogue enumId. Every catalogue path is a route; an entry
 * that is not listed here is shown disabled in the menu and its URL shows "not available".
 * A feature adds its screen here (lazy, so it loads only when opened).
 */
import { createElement, type ComponentType } from 'react';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import type { MenuEntry } from '@dispatch/domain/menu/menu-entry';

export type ScreenModule = { readonly Component: ComponentType };

/**
 * Maintenance screens made from a resource definition (ADR 009): the list at the menu path, a
 * record at `<path>/<id>`. Loaded with the screen, definitions and all, so login stays light.
 */
export const resourceScreenIds: ReadonlySet<string> = new Set([
  'TruckCompanyMaintenance',
  'ExternalUsers',
  'UserMaintenance',
  'GroupMaintenance',
  'PumperMaintenance',
  'CreditStatus',
  'TruckTypeMaintenance',
  'TermsDiscount',
  'GlCategoryMaintenance',
  'TaxLevelMaintenance',
  'TaxScheduleMaintenance',
  'ShortLoadMaintenance',
  'StaticProducts',
  'CustomerMaintenance',
  'JobMaintenance',
  'PlantMaintenance',
  'QuoteMaintenance',
  'ConcreteProductMaintenance',
  'AggregateProductMaintenance',
  'BlockProductMaintenance',
  'OtherProductMaintenance',
  'RawMaterialMaintenance',
  'EmployeeMaintenance',
  'TruckMaintenance',
  'FormLetterMaintenance',
]);

function resourceScreen(enumId: string) {
  return async (): Promise<ScreenModule> => {
    const [{ ResourceScreen }, { resourceByScreen }] = await Promise.all([
      import('../resources/resource-screen'),
      import('@dispatch/domain/resources/registry'),
    ]);
    const definition = resourceByScreen(enumId);
    const path = menuEntryByEnumId(enumId)?.path;
    if (!definition || !path) throw new Error(`No resource screen for ${enumId}`);
    return { Component: () => createElement(ResourceScreen, { definition, screenPath: path }) };
  };
}

export const builtScreens: Readonly<Record<string, () => Promise<ScreenModule>>> = {
  Dashboard: () =>
    import('../features/dashboard/dashboard-page').then((module) => ({
      Component: module.DashboardPage,
    })),
  ...Object.fromEntries([...resourceScreenIds].map((enumId) => [enumId, resourceScreen(enumId)])),
  // Resource screens with panels of their own (after the spread: they replace the generic one).
  UserMaintenance: () =>
    import('../features/users/users-screen').then((module) => ({
      Component: module.UsersScreen,
    })),
  GroupMaintenance: () =>
    import('../features/users/users-screen').then((module) => ({
      Component: module.GroupsScreen,
    })),
  ExternalUsers: () =>
    import('../features/users/users-screen').then((module) => ({
      Component: module.ExternalUsersScreen,
    })),
  EmployeeMaintenance: () =>
    import('../features/employees/employees-screen').then((module) => ({
      Component: module.EmployeesScreen,
    })),
  TruckMaintenance: () =>
    import('../features/trucks/trucks-screen').then((module) => ({
      Component: module.TrucksScreen,
    })),
  // Credit letters (R-CREDIT): the templates with merge fields and preview, and producing letters.
  FormLetterMaintenance: () =>
    import('../features/credit-letters/letter-templates-screen').then((module) => ({
      Component: module.LetterTemplatesScreen,
    })),
  FormLetter: () =>
    import('../features/credit-letters/form-letters-screen').then((module) => ({
      Component: module.FormLettersScreen,
    })),
  CustomerMaintenance: () =>
    import('../features/customers/customers-screen').then((module) => ({
      Component: module.CustomersScreen,
    })),
  PlantMaintenance: () =>
    import('../features/plants/plants-screen').then((module) => ({
      Component: module.PlantsScreen,
    })),
  QuoteMaintenance: () =>
    import('../features/quotes/quotes-screen').then((module) => ({
      Component: module.QuotesScreen,
    })),
  ConcreteProductMaintenance: () =>
    import('../features/products/concrete-products-screen').then((module) => ({
      Component: module.ConcreteProductsScreen,
    })),
  OtherProductMaintenance: () =>
    import('../features/products/other-products-screen').then((module) => ({
      Component: module.OtherProductsScreen,
    })),
  TableEditor: () =>
    import('../features/table-editor/table-editor-screen').then((module) => ({
      Component: module.TableEditorScreen,
    })),
  SystemParameters: () =>
    import('../features/system-parameters/system-parameters-screen').then((module) => ({
      Component: module.SystemParametersScreen,
    })),
  ProductPriceEscalation: () =>
    import('../features/price-escalation/price-escalation-screen').then((module) => ({
      Component: module.ProductPriceEscalationScreen,
    })),
  QuotePriceEscalation: () =>
    import('../features/price-escalation/price-escalation-screen').then((module) => ({
      Component: module.QuotePriceEscalationScreen,
    })),
  // Shown only while the system parameter nlqEnabled is on (R-NLQ-11).
  NaturalLanguageQuery: () =>
    import('../features/nlq/nlq-screen').then((module) => ({ Component: module.NlqScreen })),
  // R-ACCT-1: the accounting export, its preview, its batches and their files.
  AccountingExport: () =>
    import('../features/accounting-export/accounting-export-screen').then((module) => ({
      Component: module.AccountingExportScreen,
    })),
  // Catalogue path `orders/flag-invoice` (R-INV-1).
  FlagInvoice: () =>
    import('../features/flag-invoice/flag-invoice-screen').then((module) => ({
      Component: module.FlagInvoiceScreen,
    })),
  ConcreteOrderEntry: () =>
    import('../features/order-entry/order-entry-screen').then((module) => ({
      Component: module.ConcreteOrderEntryScreen,
    })),
  AggregateOrderEntry: () =>
    import('../features/order-entry/order-entry-screen').then((module) => ({
      Component: module.AggregateOrderEntryScreen,
    })),
  BlockOrderEntry: () =>
    import('../features/order-entry/order-entry-screen').then((module) => ({
      Component: module.BlockOrderEntryScreen,
    })),
  ConcreteQuickSale: () =>
    import('../features/quick-sale/quick-sale-screen').then((module) => ({
      Component: module.ConcreteQuickSaleScreen,
    })),
  AggregateQuickSale: () =>
    import('../features/quick-sale/quick-sale-screen').then((module) => ({
      Component: module.AggregateQuickSaleScreen,
    })),
  OnlineOrderRequests: () =>
    import('../features/order-requests/order-requests-screen').then((module) => ({
      Component: module.OrderRequestsScreen,
    })),
  ConcreteAuditOrder: () =>
    import('../features/order-audit/order-audit-screen').then((module) => ({
      Component: module.ConcreteOrderAuditScreen,
    })),
  AggregateAuditOrder: () =>
    import('../features/order-audit/order-audit-screen').then((module) => ({
      Component: module.AggregateOrderAuditScreen,
    })),
  BlockAuditOrder: () =>
    import('../features/order-audit/order-audit-screen').then((module) => ({
      Component: module.BlockOrderAuditScreen,
    })),
  PendingOrders: () =>
    import('../features/pending-orders/pending-orders-screen').then((module) => ({
      Component: module.PendingOrdersScreen,
    })),
  // Mix operations (R-MIX): mix modification, raw material ranking, global mix design change.
  ConcreteMixModification: () =>
    import('../features/mix-operations/mix-modification-screen').then((module) => ({
      Component: module.ConcreteMixModificationScreen,
    })),
  RawMaterialRanking: () =>
    import('../features/mix-operations/raw-material-ranking-screen').then((module) => ({
      Component: module.RawMaterialRankingScreen,
    })),
  GlobalMixDesignChange: () =>
    import('../features/mix-operations/global-mix-design-change-screen').then((module) => ({
      Component: module.GlobalMixDesignChangeScreen,
    })),
  // R-TEDIT-8: the ticket edit screens.
  EditTickets: () =>
    import('../features/ticket-edits/edit-tickets-screen').then((module) => ({
      Component: module.EditTicketsScreen,
    })),
  BatchEditTickets: () =>
    import('../features/ticket-edits/batch-edit-tickets-screen').then((module) => ({
      Component: module.BatchEditTicketsScreen,
    })),
  EditTicketTimes: () =>
    import('../features/ticket-edits/edit-ticket-times-screen').then((module) => ({
      Component: module.EditTicketTimesScreen,
    })),
  BatchLoadScreen: () =>
    import('../features/batching/batch-load-screen').then((module) => ({
      Component: module.BatchLoadScreen,
    })),
  AggregateTicketEntry: () =>
    import('../features/ticket-entry/ticket-entry-screen').then((module) => ({
      Component: module.AggregateTicketEntryScreen,
    })),
  BlockTicketEntry: () =>
    import('../features/ticket-entry/ticket-entry-screen').then((module) => ({
      Component: module.BlockTicketEntryScreen,
    })),
  // The load-scheduling board (R-BOARD-27..35).
  LoadScheduling: () =>
    import('../features/load-scheduling/load-scheduling-screen').then((module) => ({
      Component: module.LoadSchedulingScreen,
    })),
  // Reports and their scheduling (R-RPT-50..57, R-RSCHED-1..12).
  Reports: () =>
    import('../features/reports/reports-screen').then((module) => ({
      Component: module.ReportsScreen,
    })),
  ReportScheduling: () =>
    import('../features/report-scheduling/report-scheduling-screen').then((module) => ({
      Component: module.ReportSchedulingScreen,
    })),
  // Ticket and invoice inquiry (R-INQ-1, R-INQ-7): a search, and a record at `<path>/<id>`.
  TicketInquiry: () =>
    import('../features/inquiry/ticket-inquiry-screen').then((module) => ({
      Component: module.TicketInquiryScreen,
    })),
  InvoiceInquiry: () =>
    import('../features/inquiry/invoice-inquiry-screen').then((module) => ({
      Component: module.InvoiceInquiryScreen,
    })),
};

/** Order entry of each system type: a new order at the menu path, a saved one at `<path>/<id>`. */
export const orderEntryScreenIds: ReadonlySet<string> = new Set([
  'ConcreteOrderEntry',
  'AggregateOrderEntry',
  'BlockOrderEntry',
]);

/** Inquiry screens: the search at the menu path, a ticket or invoice at `<path>/<id>` (R-INQ-1). */
export const inquiryScreenIds: ReadonlySet<string> = new Set(['TicketInquiry', 'InvoiceInquiry']);

/**
 * The route of a catalogue entry: a maintenance screen's records have URLs of their own
 * (<path>/123, <path>/new); the table editor's also name the table (<path>/zones/12).
 */
export function screenRoutePath(entry: MenuEntry & { path: string }): string {
  if (entry.enumId === 'TableEditor') return `${entry.path}/:table?/:recordId?`;
  return resourceScreenIds.has(entry.enumId) ||
    orderEntryScreenIds.has(entry.enumId) ||
    inquiryScreenIds.has(entry.enumId)
    ? `${entry.path}/:recordId?`
    : entry.path;
}

export function isScreenBuilt(entry: MenuEntry): boolean {
  return entry.legacy || Object.hasOwn(builtScreens, entry.enumId);
}

/** Can the entry be opened from the menu: enabled in the catalogue and built (or classic). */
export function isEntryOpenable(entry: MenuEntry): boolean {
  return entry.enabled && isScreenBuilt(entry);
}
