/** Each report of the catalogue (R-RPT-1) and the function that reads and lays it out. */
import type { ReportKey } from '@dispatch/domain/reports/report-catalogue';
import { deliveryPerformanceReport } from './delivery-performance-report';
import { driverHoursReport } from './driver-hours-report';
import { marketSegmentsReport } from './market-segments-report';
import { materialDemandReport } from './material-demand-report';
import { orderedVsDeliveredReport } from './ordered-vs-delivered-report';
import { plantProductionReport } from './plant-production-report';
import type { ReportBody } from './report-document';
import type { ReportContext } from './report-scope';
import { salesQuantityReport } from './sales-quantity-report';
import { shippedOrdersReport } from './shipped-orders-report';
import { ticketRegisterReport } from './ticket-register-report';
import { truckDemandReport } from './truck-demand-report';

export const reportBuilders: Record<ReportKey, (context: ReportContext) => Promise<ReportBody>> = {
  shippedOrders: shippedOrdersReport,
  salesQuantity: salesQuantityReport,
  marketSegments: marketSegmentsReport,
  materialDemand: materialDemandReport,
  truckDemand: truckDemandReport,
  ticketRegister: ticketRegisterReport,
  orderedVsDelivered: orderedVsDeliveredReport,
  driverHours: driverHoursReport,
  plantProduction: plantProductionReport,
  deliveryPerformance: deliveryPerformanceReport,
};
