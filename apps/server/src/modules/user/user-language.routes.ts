/**
 * The caller's language (issue 25, item 4): the web tells the server the language the user
 * chose, so what the server writes for them later, away from their screen (background jobs'
 * titles, progress and outcomes, scheduled reports), reads in it too (jobs/job-language.ts).
 */
import { userLanguageBodySchema } from '@dispatch/domain/users/user-language';
import { authorize } from '../../auth/guard';
import { userProfiles } from '../../db/schema/auth';
import type { Server, ServerDeps } from '../../http/server';

const security = [{ bearer: [] }];

export function registerUserLanguageRoutes(app: Server, deps: ServerDeps): void {
  app.put(
    '/api/v1/user/language',
    {
      preValidation: authorize(deps),
      schema: {
        tags: ['user'],
        summary:
          "Stores the caller's language (en or es): their background jobs are titled and report in it",
        security,
        body: userLanguageBodySchema,
        response: { 200: userLanguageBodySchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const { language } = request.body;
      // A user made without a profile gets one, as the quick menu does.
      await auth.connection.db
        .insert(userProfiles)
        .values({ userId: auth.userId, fullName: auth.username, language })
        .onConflictDoUpdate({
          target: userProfiles.userId,
          set: { language, modifiedAt: deps.now() },
        });
      return { language };
    },
  );
}
