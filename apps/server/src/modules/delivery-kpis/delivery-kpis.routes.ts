/**
 * R-KPI-1: `GET /api/v1/kpis/delivery`, the delivery performance figures of a period. The
 * dashboard shows them and the Delivery performance report prints them; both read what the
 * orders and tickets of the caller's system types say.
 */
import {
  deliveryKpisQuerySchema,
  deliveryKpisSchema,
} from '@dispatch/domain/delivery-kpis/delivery-kpis-schema';
import { reportsFormId } from '@dispatch/domain/reports/report-access';
import { allowedSystemTypes } from '@dispatch/domain/system-types';
import { authorize } from '../../auth/guard';
import type { Server, ServerDeps } from '../../http/server';
import { orderForms } from '../orders/order-access';
import { readDeliveryKpis } from './delivery-kpis.service';

const security = [{ bearer: [] }];

/**
 * The forms behind the figures: those the dashboard's order data is read under (order entry, Load
 * Scheduling, Pending Orders, the audits, the Batch Load Screen) and Reports, whose runs read the
 * same tickets (R-RPT-2). A user with none of them may not see the figures (R-PERM-3).
 */
export const deliveryKpiForms = [...orderForms, reportsFormId] as const;

export function registerDeliveryKpisRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    '/api/v1/kpis/delivery',
    {
      preValidation: authorize(deps, { forms: deliveryKpiForms }),
      schema: {
        tags: ['kpis'],
        summary:
          'Delivery performance of a period: on-time first loads, minutes per stage, truck utilisation and quantity per truck-hour, in all and per plant',
        security,
        querystring: deliveryKpisQuerySchema,
        response: { 200: deliveryKpisSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      return readDeliveryKpis(auth.connection.db, {
        ...request.query,
        allowedSystemTypeIds: allowedSystemTypes(auth.groupIds),
      });
    },
  );
}
