/** Every table of one named database, as the object handed to drizzle(). */
import * as accountingExport from './accounting-export';
import * as audit from './audit';
import * as auth from './auth';
import * as backgroundJobs from './background-jobs';
import * as batching from './batching';
import * as billing from './billing';
import * as creditLetters from './credit-letters';
import * as customers from './customers';
import * as dispatch from './dispatch';
import * as employees from './employees';
import * as jobs from './jobs';
import * as lookups from './lookups';
import * as mixOperations from './mix-operations';
import * as orderNotices from './order-notices';
import * as orderRequests from './order-requests';
import * as orderTracking from './order-tracking';
import * as orders from './orders';
import * as plants from './plants';
import * as prices from './prices';
import * as products from './products';
import * as quotes from './quotes';
import * as reportSchedules from './report-schedules';
import * as scaleWeighings from './scale-weighings';
import * as settings from './settings';
import * as ticketDeliveries from './ticket-deliveries';
import * as ticketInquiry from './ticket-inquiry';
import * as tickets from './tickets';
import * as truckPositions from './truck-positions';
import * as trucks from './trucks';

export const schema = {
  ...audit,
  ...auth,
  ...settings,
  ...lookups,
  ...plants,
  ...scaleWeighings,
  ...trucks,
  ...truckPositions,
  ...employees,
  ...customers,
  ...jobs,
  ...products,
  ...mixOperations,
  ...quotes,
  ...prices,
  ...orders,
  ...tickets,
  ...ticketDeliveries,
  ...ticketInquiry,
  ...billing,
  ...orderRequests,
  ...orderTracking,
  ...orderNotices,
  ...dispatch,
  ...batching,
  ...backgroundJobs,
  ...accountingExport,
  ...creditLetters,
  ...reportSchedules,
};
