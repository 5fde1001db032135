import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from '../env';
import type { Tenancy } from '../db/tenancy';
import type { ChangeFeed } from '../dispatch/change-feed';
import type { FeedCache } from '../dispatch/feed-cache';
import type { JobRunner } from '../jobs/job-runner';

/** The Fastify instance every module registers its routes on. */
export type Server = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What route modules need from the outside world; tests pass their own. */
export type ServerDeps = {
  env: Env;
  tenancy: Tenancy;
  now: () => Date;
  /** Committed writes of each named database, as their events arrive. */
  changeFeed: ChangeFeed;
  /** The dispatch board's answers, dropped by any committed write. */
  boardCache: FeedCache;
  /** Resource list answers, until the next committed write in their database (ADR 014). */
  listCache: FeedCache;
  /** Sessions behind bearer tokens, dropped when sessions are ended anywhere. */
  sessionCache: FeedCache;
  /** The background job queue (R-JOB-1): modules register their kinds of job and enqueue them. */
  jobs: JobRunner;
};
