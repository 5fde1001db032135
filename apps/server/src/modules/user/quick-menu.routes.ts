/**
 * The caller's quick menu (R-MENU-15): read at login, replaced when the user pins or unpins a
 * screen. The change and its quickLaunchFormUpdate_v1 go out in one transaction, to the user's
 * live sessions only, so their other tabs show it at once and nobody else hears of it.
 */
import { eq } from 'drizzle-orm';
import { quickMenuSchema } from '@dispatch/domain/menu/quick-menu';
import { authorize } from '../../auth/guard';
import { userProfiles } from '../../db/schema/auth';
import { publish } from '../../dispatch/publish';
import { liveSessionIdsOf } from '../../auth/session-store';
import type { Server, ServerDeps } from '../../http/server';

const security = [{ bearer: [] }];
const path = '/api/v1/user/quick-menu';

export function registerQuickMenuRoutes(app: Server, deps: ServerDeps): void {
  app.get(
    path,
    {
      preValidation: authorize(deps),
      schema: {
        tags: ['user'],
        summary: 'The forms the caller pinned to the quick menu; none until they pin or unpin one',
        security,
        response: { 200: quickMenuSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const [profile] = await auth.connection.db
        .select({ formIds: userProfiles.quickLaunchFormIds })
        .from(userProfiles)
        .where(eq(userProfiles.userId, auth.userId));
      return { formIds: profile?.formIds ?? [] };
    },
  );

  app.put(
    path,
    {
      preValidation: authorize(deps),
      schema: {
        tags: ['user'],
        summary: "Replaces the caller's quick menu and tells their other sessions",
        security,
        body: quickMenuSchema,
        response: { 200: quickMenuSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const { formIds } = request.body;
      const now = deps.now();
      await auth.connection.db.transaction(async (tx) => {
        await tx
          .insert(userProfiles)
          .values({ userId: auth.userId, fullName: auth.username, quickLaunchFormIds: formIds })
          .onConflictDoUpdate({
            target: userProfiles.userId,
            set: { quickLaunchFormIds: formIds, modifiedAt: now },
          });
        await publish(tx, {
          name: 'quickLaunchFormUpdate_v1',
          data: { formIds, username: auth.username },
          sessionIds: await liveSessionIdsOf(tx, [auth.userId]),
        });
      });
      return { formIds };
    },
  );
}
