/**
 * The system parameters (R-PARAM-1..9): typed settings of one named database, each with its group,
 * English label and description, zod schema and default. One catalogue: the server validates and
 * stores with it, GET /api/v1/settings/config answers from it, the jobs rule reads
 * requireJobAddresses357 through it, and the web draws its administration screen from it.
 */
import { z } from 'zod';
import { placeholderMenuId } from '../constants';
import { serverConfigSchema } from './config';
import { menuCatalogue, menuEntryByEnumId, menuEntryById } from '../menu/menu-catalogue';
import { invalidTimeOfDayMessage, timeOfDaySchema } from '../dates/time-of-day';
import { defaultJobGeofenceRadiusM } from '../trucks/geofence-transitions';

/** R-PARAM-2: the screen shows the parameters in these groups, in this order. */
export const parameterGroups = ['orders', 'features', 'integrations', 'diagnostics'] as const;
export type ParameterGroup = (typeof parameterGroups)[number];

export const parameterGroupLabels: Readonly<Record<ParameterGroup, string>> = {
  orders: 'Orders',
  features: 'Features',
  integrations: 'Integrations',
  diagnostics: 'Diagnostics',
};

/** The accounting packages the export can target; '' is none. */
export const accountingInterfaces = [
  '',
  'QuickBooksDesktop',
  'QuickBooksOnline',
  'Sage50',
  'GeneralLedger',
] as const;
export type AccountingInterface = (typeof accountingInterfaces)[number];

export const accountingInterfaceLabels: Readonly<Record<AccountingInterface, string>> = {
  '': 'None',
  QuickBooksDesktop: 'QuickBooks Desktop',
  QuickBooksOnline: 'QuickBooks Online',
  Sage50: 'Sage 50',
  GeneralLedger: 'General ledger file',
};

/**
 * How a parameter is edited: a switch, a choice, forms picked by name, a number of milliseconds,
 * metres or days, a line of text (an account as the accounting package names it).
 */
export const parameterKinds = [
  'flag',
  'choice',
  'forms',
  'milliseconds',
  'metres',
  'days',
  'text',
] as const;
export type ParameterKind = (typeof parameterKinds)[number];

/**
 * The bounds of the whole-number kinds, which the screen's inputs and the schemas share. A job
 * fence under 25 m is narrower than GPS error; over 2 km it swallows the neighbouring streets.
 * A track is kept at least the day it was driven and at most a year.
 */
export const parameterNumberRanges = {
  milliseconds: { min: 0, max: 600_000, step: 100 },
  metres: { min: 25, max: 2_000, step: 25 },
  days: { min: 1, max: 366, step: 1 },
} as const;

/** The longest a request may take before it is logged as slow: ten minutes. */
export const maxSlowRequestThresholdMs = parameterNumberRanges.milliseconds.max;

/**
 * Forms that cannot be disabled (R-PARAM-4): the dashboard, where every user lands, and this
 * screen, which is the only way to enable forms again.
 */
export function canDisableForm(formId: number): boolean {
  const entry = menuEntryById(formId);
  return (
    entry !== undefined && entry.id !== placeholderMenuId && entry.enumId !== 'SystemParameters'
  );
}

/** The forms an administrator may disable, in catalogue order. */
export function disableableForms() {
  return menuCatalogue.filter((entry) => canDisableForm(entry.id));
}

const flagSchema = z.boolean({ error: 'must be on or off (true or false)' });

const accountingInterfaceSchema = z.enum(accountingInterfaces, {
  error: `must be one of: none (''), ${accountingInterfaces.filter(Boolean).join(', ')}`,
});

const disabledFormsSchema = z
  .array(z.int({ error: 'must be a form id (a whole number)' }), {
    error: 'must be a list of form ids',
  })
  .max(menuCatalogue.length, 'lists more forms than the menu has')
  .superRefine((ids, context) => {
    ids.forEach((id, index) => {
      if (!menuEntryById(id)) {
        context.addIssue({
          code: 'custom',
          path: [index],
          message: `${id} is not a form of the menu`,
        });
      } else if (!canDisableForm(id)) {
        context.addIssue({
          code: 'custom',
          path: [index],
          message: `${menuEntryById(id)!.name} cannot be disabled`,
        });
      } else if (ids.indexOf(id) !== index) {
        context.addIssue({
          code: 'custom',
          path: [index],
          message: `${menuEntryById(id)!.name} is listed twice`,
        });
      }
    });
  });

const millisecondsSchema = z
  .int({ error: 'must be a whole number of milliseconds' })
  .min(0, 'must be 0 or more')
  .max(maxSlowRequestThresholdMs, `must be at most ${maxSlowRequestThresholdMs} (ten minutes)`);

function wholeNumberOf(kind: 'metres' | 'days') {
  const { min, max } = parameterNumberRanges[kind];
  const unit = kind === 'metres' ? 'metres' : 'days';
  return z
    .int({ error: `must be a whole number of ${unit}` })
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
}

/** R-ACCT-3: an account or item name for the accounting export: one line, tabs and breaks refused. */
const accountNameSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .refine((value) => !/[\t\r\n]/.test(value), 'must be one line, without tabs');

function accountName(label: string, description: string, fallback: string): Spec<string> {
  return {
    group: 'integrations',
    kind: 'text',
    label,
    description,
    schema: accountNameSchema,
    default: fallback,
    inServerConfig: false,
  };
}

type Spec<T> = {
  readonly group: ParameterGroup;
  readonly kind: ParameterKind;
  readonly label: string;
  readonly description: string;
  readonly schema: z.ZodType<T>;
  readonly default: T;
  /** The server configuration (GET /api/v1/settings/config) carries it under the same key. */
  readonly inServerConfig: boolean;
};

function flag(
  group: ParameterGroup,
  label: string,
  description: string,
  inServerConfig = true,
): Spec<boolean> {
  return {
    group,
    kind: 'flag',
    label,
    description,
    schema: flagSchema,
    default: false,
    inServerConfig,
  };
}

/** R-PARAM-1: every parameter, in screen order within its group. */
export const systemParameterCatalogue = {
  requireJobAddresses357: flag(
    'orders',
    'Require job city, state and ZIP code',
    'Jobs must have address lines 3 (city), 5 (state) and 7 (ZIP code) filled in before they are saved.',
    false,
  ),
  // R-INV-13: when the nightly run invoices the customers set to invoice automatically.
  autoInvoiceTime: {
    group: 'orders',
    kind: 'text',
    label: 'Nightly invoicing time',
    description:
      'Each day at this time (HH:mm, on the server’s clock) the delivered tickets of customers set to invoice automatically each night are invoiced as Flag Invoice does; tickets that cannot be invoiced (a product without a price) are left for the clerk.',
    schema: z.string({ error: invalidTimeOfDayMessage }).trim().pipe(timeOfDaySchema),
    default: '22:00',
    inServerConfig: false,
  } satisfies Spec<string>,
  nlqEnabled: flag(
    'features',
    'Natural-language queries',
    'Users can ask questions of the data in plain words (Ask AI).',
  ),
  externalUsersEnabled: flag(
    'features',
    'External users',
    'Customers and contractors can be given their own logins to follow their orders.',
  ),
  disabledForms: {
    group: 'features',
    kind: 'forms',
    label: 'Disabled forms',
    description:
      'Forms switched off for everyone in this database: they leave the menu and cannot be opened. Replaces the DISABLED_FORMS start-up setting.',
    schema: disabledFormsSchema,
    default: [] as number[],
    inServerConfig: true,
  } satisfies Spec<number[]>,
  emailAvailable: flag(
    'integrations',
    'Email',
    'Tickets, invoices and reports can be sent by email from this server.',
  ),
  paymentsAvailable: flag(
    'integrations',
    'Card payments',
    'Cash sales can be paid by card through the payment provider.',
  ),
  googleLookupTravelTime: flag(
    'integrations',
    'Look up travel times',
    'Travel time from the plant to a job is looked up online instead of taken from the zone.',
  ),
  accountingInterface: {
    group: 'integrations',
    kind: 'choice',
    label: 'Accounting interface',
    description:
      'The accounting package the accounting export writes for; none turns the export off.',
    schema: accountingInterfaceSchema,
    default: '' as AccountingInterface,
    inServerConfig: true,
  } satisfies Spec<AccountingInterface>,
  // R-ACCT-3: the accounts the accounting export posts to besides each product's income account.
  accountingReceivableAccount: accountName(
    'Accounts receivable account',
    'The account the accounting export debits with each invoice’s total (credits for a credit note), as the accounting package names it.',
    'Accounts Receivable',
  ),
  accountingSalesTaxAccount: accountName(
    'Sales tax payable account',
    'The account the accounting export credits with each invoice’s sales tax, as the accounting package names it.',
    'Sales Tax Payable',
  ),
  accountingSalesTaxItem: accountName(
    'Sales tax item',
    'The sales tax item (QuickBooks Desktop) or tax agency (Sage 50) the export names on each invoice’s tax line.',
    'Sales Tax',
  ),
  // R-GPS-1: the radius of a job's fence; a plant's is the plant's own radius.
  jobGeofenceRadiusM: {
    group: 'features',
    kind: 'metres',
    label: 'Job geofence radius',
    description:
      'A truck on a load is on the job once its GPS puts it within this many metres of the job’s location, and has left it once it is further away.',
    schema: wholeNumberOf('metres'),
    default: defaultJobGeofenceRadiusM,
    inServerConfig: false,
  } satisfies Spec<number>,
  // R-GPS-10: how long a truck's track is kept; its last position is always kept.
  truckTrackRetentionDays: {
    group: 'features',
    kind: 'days',
    label: 'Truck track retention',
    description:
      'Trucks’ GPS tracks are kept this many days, then deleted; each truck’s last position is always kept.',
    schema: wholeNumberOf('days'),
    default: 7,
    inServerConfig: false,
  } satisfies Spec<number>,
  // R-SCALE-5: how long a truck's stored tare may be used before the truck is weighed empty again.
  tareReweighDays: {
    group: 'features',
    kind: 'days',
    label: 'Stored tare re-weigh interval',
    description:
      'A truck’s stored tare weight may be used on tickets for this many days after it was weighed; after that the scale house refuses it until the truck is weighed empty again.',
    schema: wholeNumberOf('days'),
    default: 30,
    inServerConfig: false,
  } satisfies Spec<number>,
  slowRequestThresholdMs: {
    group: 'diagnostics',
    kind: 'milliseconds',
    label: 'Slow-request log threshold',
    description:
      'Browsers log a warning for any request slower than this many milliseconds. 0 leaves it to each installation’s configuration file.',
    schema: millisecondsSchema,
    default: 0,
    inServerConfig: true,
  } satisfies Spec<number>,
} as const;

export type SystemParameterKey = keyof typeof systemParameterCatalogue;
export type SystemParameterValues = {
  [K in SystemParameterKey]: (typeof systemParameterCatalogue)[K]['default'];
};
export type SystemParameterSpec = Spec<unknown> & { readonly key: SystemParameterKey };

export const systemParameterKeys = Object.keys(systemParameterCatalogue) as SystemParameterKey[];

export function isSystemParameterKey(key: string): key is SystemParameterKey {
  return Object.hasOwn(systemParameterCatalogue, key);
}

export function systemParameterSpec(key: SystemParameterKey): SystemParameterSpec {
  return { key, ...(systemParameterCatalogue[key] as Spec<unknown>) };
}

/** The catalogue in screen order: by group, then as listed. */
export function systemParametersByGroup(): {
  group: ParameterGroup;
  parameters: SystemParameterSpec[];
}[] {
  return parameterGroups.map((group) => ({
    group,
    parameters: systemParameterKeys
      .map(systemParameterSpec)
      .filter((parameter) => parameter.group === group),
  }));
}

export type ParameterProblem = { field: string; reason: string };

/**
 * R-PARAM-3: a value an administrator sends, checked against its parameter's schema. Problems
 * name `value` (or `value.<index>` for one entry of a list) and say why, as every 400 does.
 */
export function checkParameterValue<K extends SystemParameterKey>(
  key: K,
  value: unknown,
): { ok: true; value: SystemParameterValues[K] } | { ok: false; problems: ParameterProblem[] } {
  if (value === undefined)
    return { ok: false, problems: [{ field: 'value', reason: 'is required' }] };
  const parsed = systemParameterCatalogue[key].schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data as SystemParameterValues[K] };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => ({
      field: ['value', ...issue.path.map(String)].join('.'),
      reason: issue.message,
    })),
  };
}

/**
 * What a parameter is worth, given what is stored (undefined when nothing is): a stored value
 * that no longer passes (a form since removed from the menu, say) counts as not set.
 */
export function parameterValue<K extends SystemParameterKey>(
  key: K,
  stored: unknown,
  defaults: Partial<SystemParameterValues> = {},
): SystemParameterValues[K] {
  const fallback = (defaults[key] ??
    systemParameterCatalogue[key].default) as SystemParameterValues[K];
  if (stored === undefined) return fallback;
  const parsed = systemParameterCatalogue[key].schema.safeParse(stored);
  return parsed.success ? (parsed.data as SystemParameterValues[K]) : fallback;
}

/** The settings the server configuration takes from the parameters (R-PARAM-5). */
export const serverSettingsSchema = serverConfigSchema.pick({
  accountingInterface: true,
  emailAvailable: true,
  nlqEnabled: true,
  externalUsersEnabled: true,
  disabledForms: true,
  googleLookupTravelTime: true,
  paymentsAvailable: true,
  slowRequestThresholdMs: true,
});
export type ServerSettings = z.infer<typeof serverSettingsSchema>;

/**
 * The server configuration's share of the parameters: stored values where they pass their schema,
 * else the defaults given (the environment's, R-PARAM-5), else the catalogue's.
 */
/**
 * R-PARAM-10: a form that belongs to a feature is off while the feature is (External Users while
 * externalUsersEnabled is off), as if it were among the disabled forms: the menu and the route
 * guard follow one list. AI-Assisted Query is always shown (R-PERM-3): while nlqEnabled is off its
 * screen says so (R-NLQ-11) instead of leaving the menu.
 */
function withFeatureForms(
  disabled: readonly number[],
  features: { externalUsersEnabled: boolean; nlqEnabled: boolean },
): number[] {
  const off = [features.externalUsersEnabled ? undefined : menuEntryByEnumId('ExternalUsers')?.id];
  return [
    ...disabled,
    ...off.filter((id): id is number => id !== undefined && !disabled.includes(id)),
  ];
}

export function serverSettingsOf(
  stored: Readonly<Record<string, unknown>>,
  defaults: Partial<SystemParameterValues> = {},
): ServerSettings {
  return {
    accountingInterface: parameterValue(
      'accountingInterface',
      stored.accountingInterface,
      defaults,
    ),
    emailAvailable: parameterValue('emailAvailable', stored.emailAvailable, defaults),
    nlqEnabled: parameterValue('nlqEnabled', stored.nlqEnabled, defaults),
    externalUsersEnabled: parameterValue(
      'externalUsersEnabled',
      stored.externalUsersEnabled,
      defaults,
    ),
    disabledForms: withFeatureForms(
      parameterValue('disabledForms', stored.disabledForms, defaults),
      {
        externalUsersEnabled: parameterValue(
          'externalUsersEnabled',
          stored.externalUsersEnabled,
          defaults,
        ),
        nlqEnabled: parameterValue('nlqEnabled', stored.nlqEnabled, defaults),
      },
    ),
    googleLookupTravelTime: parameterValue(
      'googleLookupTravelTime',
      stored.googleLookupTravelTime,
      defaults,
    ),
    paymentsAvailable: parameterValue('paymentsAvailable', stored.paymentsAvailable, defaults),
    slowRequestThresholdMs: parameterValue(
      'slowRequestThresholdMs',
      stored.slowRequestThresholdMs,
      defaults,
    ),
  };
}

/** One parameter as GET /api/v1/admin/system-parameters answers it (R-PARAM-2). */
export const systemParameterRowSchema = z.object({
  key: z.string(),
  group: z.enum(parameterGroups),
  kind: z.enum(parameterKinds),
  label: z.string(),
  description: z.string(),
  value: z.unknown(),
  default: z.unknown(),
  /** Stored in the database; otherwise the default applies. */
  set: z.boolean(),
  /** The stored version, 0 while nothing is stored: a change names the version it read. */
  version: z.int().nonnegative(),
  modifiedAt: z.string().nullable(),
  modifiedBy: z.string(),
});
export type SystemParameterRow = z.infer<typeof systemParameterRowSchema>;

export const systemParameterListSchema = z.object({ data: z.array(systemParameterRowSchema) });

/** PUT /api/v1/admin/system-parameters/{key}: the value, and the version it was read at. */
export const systemParameterChangeSchema = z.object({
  value: z.unknown(),
  version: z.int().nonnegative().default(0),
});
export type SystemParameterChange = z.infer<typeof systemParameterChangeSchema>;

/**
 * serverConfigUpdate_v1 (R-PARAM-6): a parameter changed; every client applies `config` to the
 * server configuration it started with, without a restart or a reload.
 */
export const serverConfigUpdateSchema = z.object({
  key: z.string(),
  version: z.int(),
  by: z.string(),
  config: serverSettingsSchema,
});
export type ServerConfigUpdate = z.infer<typeof serverConfigUpdateSchema>;

/** The features a system parameter switches on, by the form that serves each (R-PARAM-10). */
const featureParameters: Readonly<Record<string, 'externalUsersEnabled' | 'nlqEnabled'>> = {
  ExternalUsers: 'externalUsersEnabled',
  NaturalLanguageQuery: 'nlqEnabled',
};

/**
 * R-PARAM-11: the system parameter that has a form switched off, if one has: its feature's flag
 * while that is off, else `disabledForms` when the form is listed there; null when none has. A
 * form switched off says so, naming the parameter, never that the user lacks permission.
 */
export function parameterSwitchingOff(
  enumId: string,
  formId: number,
  config: {
    readonly disabledForms: readonly number[];
    readonly nlqEnabled: boolean;
    readonly externalUsersEnabled: boolean;
  },
): 'externalUsersEnabled' | 'nlqEnabled' | 'disabledForms' | null {
  const feature = featureParameters[enumId];
  if (feature !== undefined && !config[feature]) return feature;
  return config.disabledForms.includes(formId) ? 'disabledForms' : null;
}

/** R-PARAM-11's text: '<form> is turned off by the system parameter "<parameter label>".' */
export function switchedOffMessage(formName: string, parameterLabel: string): string {
  return `${formName} is turned off by the system parameter "${parameterLabel}".`;
}
