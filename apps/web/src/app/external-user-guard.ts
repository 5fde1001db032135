/**
 * R-OREQ-12: a customer's external user has one page of their own (`/requests`), outside the staff
 * shell; every staff route sends them there instead of rendering, and staff are sent home from it.
 */
import { loadScreenTexts } from '../lib/i18n/i18n';
import { limitedRedirect, requireLoggedIn, routePaths } from './route-guard';

export const externalRequestsPath = '/requests';

/**
 * Whether the signed-in user is an external user. Staff with a form level or the administrator
 * flag are staff without asking; anyone else is asked of the server (cached until logout).
 */
export async function isExternalUser(): Promise<boolean> {
  const [{ queryClient }, sessionQueries, { requesterAccountQuery }] = await Promise.all([
    import('../lib/query-client'),
    import('../session/session-queries'),
    import('../data/order-requests/order-request-queries'),
  ]);
  try {
    const [permissions, isAdmin] = await Promise.all([
      queryClient.ensureQueryData(sessionQueries.formPermissionsQuery()),
      queryClient.ensureQueryData(sessionQueries.sysadminQuery()),
    ]);
    if (isAdmin || permissions.some((row) => row.permission > 1)) return false;
    return (await queryClient.ensureQueryData(requesterAccountQuery())).external;
  } catch {
    // Unknown: the staff routes judge the user by their form levels as before.
    return false;
  }
}

/** Whether a signed-in user is external, with the screens' texts loaded meanwhile. */
async function isExternalWithTexts(): Promise<boolean> {
  const [external] = await Promise.all([isExternalUser(), loadScreenTexts()]);
  return external;
}

/** Loader of the staff shell: logged in, and not an external user. */
export async function requireStaffUser(request: Request): Promise<Response | null> {
  const loginRedirect = await requireLoggedIn(request);
  if (loginRedirect) return loginRedirect;
  return (await isExternalWithTexts()) ? limitedRedirect(externalRequestsPath) : null;
}

/** Loader of the external user's page: logged in, and an external user. */
export async function requireExternalUser(request: Request): Promise<Response | null> {
  const loginRedirect = await requireLoggedIn(request);
  if (loginRedirect) return loginRedirect;
  return (await isExternalWithTexts()) ? null : limitedRedirect(routePaths.home);
}
