/**
 * The driver app's own start (issue 26 item 3): a phone opening /driver gets the configuration
 * and the driver's screens, not the office app (its theme, router, menus and every screen's
 * texts), so its first load stays small. Inside the office app /driver is a route as well
 * (router.tsx), for a driver sent there from the login page.
 */
export const driverPath = '/driver';

export function isDriverPath(pathname: string): boolean {
  return pathname === driverPath || pathname.startsWith(`${driverPath}/`);
}

/** `started`: the configuration's start-up (start-up.ts), begun before this code loaded. */
export async function startDriver(
  container: HTMLElement,
  started: Promise<unknown>,
): Promise<void> {
  const [{ startDriverApp }] = await Promise.all([
    import('../features/driver/driver-standalone'),
    started,
  ]);
  await startDriverApp(container);
}
