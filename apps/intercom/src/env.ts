import { z } from 'zod';

/**
 * The only reader of process.env in the intercom stand-in. HOST defaults to 127.0.0.1: the
 * stand-in accepts logins for anyone who can reach it, so it stays on this machine unless asked
 * (HOST=0.0.0.0 to let other machines, e.g. a phone on the LAN, reach it).
 */
const envSchema = z.object({
  INTERCOM_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** The API that tokens are checked against (GET {API_URL}/api/v1/connection). */
  API_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://127.0.0.1:8484')
    .transform((url) => url.replace(/\/+$/, '')),
  /** A classic user fixed at the desktop: Authenticate then reports this user, whoever asked. */
  INTERCOM_USER: z
    .string()
    .trim()
    .optional()
    .transform((user) => (user ? user : null)),
  /** 1: token login (AuthenticateWithToken) is refused until someone logs in on the page (or Authenticate). */
  INTERCOM_REQUIRE_DESKTOP_LOGIN: z
    .enum(['0', '1', 'true', 'false', ''])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
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
