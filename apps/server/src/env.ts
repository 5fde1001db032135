import { z } from 'zod';

/** A comma-separated setting as its trimmed, non-empty parts. */
const parts = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
const list = z.string().default('').transform(parts);

/**
 * The only reader of process.env. Everything else receives these values through `buildApp(deps)`
 * or function arguments, so tests can run several configurations in one process.
 */
const envSchema = z.object({
  /**
   * `production` unless said otherwise, so a plain start never answers with stack traces;
   * `npm run dev` says `development`, and the test runner says `test`.
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8484),
  DISPATCHER_PORT: z.coerce.number().int().min(1).max(65535).default(8123),
  INTERCOM_PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** When set, named databases live on this PostgreSQL server; otherwise PGlite under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Connections per named database per process (PostgreSQL); several processes share the server. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Lifetime of an access token, in seconds (default 12 hours: one shift and its overtime). */
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(12 * 3600),
  /** Whether clients connect to the classic desktop application's intercom (server config). */
  USE_LEGACY_INTEGRATOR: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * R-DEMO-1, R-DEMO-6: the demo database's working day follows the clock (moved up to now at
   * start, on a new day and after half an hour standing still). `false` leaves it standing at
   * mid-day of the day it was seeded, as the end-to-end tests want it.
   */
  DEMO_FOLLOWS_CLOCK: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /**
   * R-DEMO-7: the demo's trucks drive by themselves (positions through the positions service,
   * statuses from the fences). `off` leaves them still; so does a demo that does not follow the
   * clock, whose day stands at mid-day while real time runs on.
   */
  DEMO_FLEET: z.enum(['on', 'off']).default('on'),
  /**
   * Which reverse proxies to believe about the client's address (X-Forwarded-For), for the login
   * throttle and the sessions' recorded address. Unset, none: the address is the socket's, so a
   * client cannot forge it. `true` trusts every hop (only behind a proxy that overwrites the
   * header); otherwise the proxies' addresses or CIDR ranges, comma-separated
   * (`127.0.0.1,10.0.0.0/8`).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((value): boolean | string[] => {
      if (value === undefined || value === '' || value === 'false') return false;
      if (value === 'true') return true;
      return parts(value);
    }),
  /**
   * Browser origins, besides the server's own host, whose pages may call the dispatch hub
   * (comma-separated, e.g. `https://dispatch.example.com`): for a web app served from another host.
   */
  HUB_ALLOWED_ORIGINS: list,
  /** Form ids switched off for this installation, comma-separated (server config disabledForms). */
  DISABLED_FORMS: list.transform((ids) => ids.map(Number)).pipe(z.array(z.int().positive())),
  /** The password `npm run db -- user add` sets, when it must not prompt (scripts). */
  DISPATCH_PASSWORD: z.string().min(1).optional(),
  /**
   * The key that encrypts national identifiers at rest (R-SENSITIVE, R-NATID-1): AES-256, as the
   * base64 of 32 random bytes (`openssl rand -base64 32`). Unset, the server makes one on first
   * use and keeps it in DATA_DIR/encryption.key (mode 0600), so the embedded demo works; a
   * production installation sets it, and keeps it, since data encrypted under a lost key is lost.
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine(
      (value) => /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32,
      'must be the base64 of 32 bytes (openssl rand -base64 32)',
    )
    .optional(),
  /**
   * R-PRINT-4: the spool folder printed tickets go to, one folder per print destination without
   * a printer URI (default DATA_DIR/print-spool), for a print server or folder watcher to pick up.
   */
  PRINT_SPOOL_DIR: z.string().min(1).optional(),
  /**
   * R-NLQ-10: an optional OpenAI-compatible chat-completions endpoint (its base URL, ending in /v1
   * or in /chat/completions) that may propose the typed query of a question the parser does not
   * understand, never SQL. Unset, questions never leave the server.
   */
  NLQ_MODEL_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The model the endpoint is asked for. */
  NLQ_MODEL_NAME: z.string().trim().min(1).default('gpt-4o-mini'),
  /** Sent as a bearer token to the endpoint, when it wants one. */
  NLQ_MODEL_API_KEY: z.string().min(1).optional(),
  /**
   * R-RSCHED-10: the SMTP server scheduled reports are e-mailed through, as a URL
   * (`smtp://user:pass@host:587`, `smtps://…` for TLS from the start). Unset, e-mail is not
   * available whatever the system parameter emailAvailable says: reports go to the in-app inbox.
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The sender of those e-mails. */
  SMTP_FROM: z.string().trim().min(3).default('Dispatch reports <reports@localhost>'),
  /**
   * R-TRACK-10: the address customers reach the server at (`https://dispatch.example.com`), for
   * the links in e-mailed notices, which a background job writes with no request to read a host
   * from. Unset: `http://localhost:<PORT>`, right only on the server's own machine.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /**
   * R-MAP-1: the dispatcher map's tiles, a URL template (`https://tile.example/{z}/{x}/{y}.png`).
   * Unset, the map draws plants, jobs and trucks on a plain background: nothing needs an outside
   * service, and an installation picks a tile provider whose terms it accepts.
   */
  MAP_TILE_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be a URL template with {z}, {x} and {y}')
    .optional(),
  /** The attribution the tile provider asks for, shown in the map's corner. */
  MAP_TILE_ATTRIBUTION: z.string().trim().default(''),
  /** The built web app to serve at `/`; absent in API-only deployments. */
  WEB_DIST_DIR: z.string().min(1).optional(),
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
