/**
 * Issue 26 item 3: where a driver lands after the login page. A user with no form to open (no
 * form level above None, not an administrator) whose truck the driver app finds goes to the
 * driver app at /driver; everyone else goes where they were going.
 */
import { driverTruckSchema } from '@dispatch/domain/driver/driver-day';
import { apiGet } from '../lib/api-client';

export const driverAppPath = '/driver';

export async function landingAfterLogin(requested: string): Promise<string> {
  try {
    const [{ queryClient }, { formPermissionsQuery, sysadminQuery }] = await Promise.all([
      import('../lib/query-client'),
      import('./session-queries'),
    ]);
    const [permissions, isAdmin] = await Promise.all([
      queryClient.ensureQueryData(formPermissionsQuery()),
      queryClient.ensureQueryData(sysadminQuery()),
    ]);
    if (isAdmin || permissions.some((row) => row.permission > 1)) return requested;
    // A user who drives no truck is no driver: the usual landing.
    const { truckId } = await apiGet('/api/v1/driver/truck', driverTruckSchema);
    return truckId === null ? requested : driverAppPath;
  } catch {
    return requested;
  }
}
