import { z } from 'zod';
import { buildQuery, parseQuery, splitLink } from './links';

/**
 * R-ENTRY-1: the query parameters of an entry URL. Their names are a project decision,
 * used both to read entry URLs and to build new-tab links.
 */
export const entryUrlParams = {
  token: 'token',
  username: 'username',
  database: 'database',
  /** The token's lifetime in seconds. */
  expiresIn: 'expiresIn',
  /** The login answer's admin-only flag, passed along. */
  adminOnly: 'adminOnly',
  /** '1' selects the classic connection (a new-tab link: classic was connected). */
  classic: 'classic',
  formId: 'formId',
  formEnum: 'formEnum',
  /** Marks a link opened in a new tab. */
  newTab: 'newTab',
} as const;

const nonBlank = z.string().refine((value) => value.trim() !== '');
const optionalText = nonBlank.nullable().catch(null);
const wholeNumber = (pattern: RegExp) =>
  z.string().regex(pattern).transform(Number).pipe(z.number().int().safe()).nullable().catch(null);
const booleanFlag = z
  .string()
  .transform((value) => value === '1' || value.toLowerCase() === 'true')
  .catch(false);

/** R-ENTRY-1, R-VALID-5: the entry URL schema; it fails only for a missing or blank token. */
export const entryUrlSchema = z.object({
  token: nonBlank,
  username: optionalText,
  database: optionalText,
  expiresIn: wholeNumber(/^\d+$/),
  adminOnly: booleanFlag,
  // R-ENTRY-3: the classic flag is '1' exactly; 'true' does not select it.
  classic: z
    .literal('1')
    .transform(() => true)
    .catch(false),
  formId: wholeNumber(/^[1-9]\d*$/),
  formEnum: optionalText,
  newTab: booleanFlag,
});

export type EntryUrl = z.infer<typeof entryUrlSchema>;

/**
 * R-ENTRY-2: the token login an entry URL asks for, or null when it carries no token (no token
 * login). Takes the query string, with or without its '?', or the whole URL.
 */
export function parseEntryUrl(urlOrQuery: string): EntryUrl | null {
  const query = urlOrQuery.includes('?') ? splitLink(urlOrQuery).query : urlOrQuery;
  const params = parseQuery(query);
  const fields = Object.fromEntries(
    Object.entries(entryUrlParams).map(([field, name]) => [field, params.get(name)]),
  );
  const parsed = entryUrlSchema.safeParse(fields);
  return parsed.success ? parsed.data : null;
}

export type NewTabLinkOptions = {
  /** The route path of the form, e.g. '/orders/concrete'. */
  readonly path: string;
  readonly formId: number;
  readonly formEnum: string;
  readonly token: string;
  readonly username?: string | null;
  readonly database?: string | null;
  readonly expiresIn?: number | null;
  readonly adminOnly: boolean;
  readonly classicConnected: boolean;
};

/** R-LINK-5: a link that opens a form in a new tab, logged in with the same token. */
export function buildNewTabLink(options: NewTabLinkOptions): string {
  const query = buildQuery({
    [entryUrlParams.formId]: options.formId,
    [entryUrlParams.formEnum]: options.formEnum,
    [entryUrlParams.token]: options.token,
    [entryUrlParams.username]: options.username,
    [entryUrlParams.database]: options.database,
    [entryUrlParams.expiresIn]: options.expiresIn,
    [entryUrlParams.adminOnly]: options.adminOnly,
    [entryUrlParams.classic]: options.classicConnected ? '1' : '0',
    [entryUrlParams.newTab]: '1',
  });
  return `${options.path}${options.path.includes('?') ? '&' : '?'}${query}`;
}
