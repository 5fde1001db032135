/**
 * R-ENTITY-39..40: the server's configuration (GET /api/v1/settings/config) and the client's static
 * configuration (configuration.local.json, else configuration.json). Parsing `{}` gives the
 * defaults, so a missing file or setting leaves the feature off rather than breaking start-up.
 */
import { z } from 'zod';
import { defaultLoggerLevel, initialSlowRequestThresholdMs } from '../constants';
import { idSchema, optionalText, textLength } from '../api/fields';

const address = () => optionalText(textLength.long);
const optionalAddress = () => z.string().max(textLength.long).nullable().default(null);

export const serverConfigSchema = z.object({
  versionNo: optionalText(textLength.code),
  /** The accounting package the export targets; '' when none is configured. */
  accountingInterface: optionalText(textLength.short),
  useLegacyIntegrator: z.boolean().default(false),
  emailAvailable: z.boolean().default(false),
  useLssCache: z.boolean().default(false),
  lssCacheLocalOnly: z.boolean().default(false),
  nlqEnabled: z.boolean().default(false),
  externalUsersEnabled: z.boolean().default(false),
  /** Form ids the server has switched off. */
  disabledForms: z.array(idSchema).default([]),
  googleLookupTravelTime: z.boolean().default(false),
  paymentsAvailable: z.boolean().default(false),
  dispatchUri: address(),
  legacyUri: address(),
  overrideDispatcherUri: optionalAddress(),
  overrideDispatcherPort: z.int().min(1).max(65535).nullable().default(null),
  overrideLegacyUri: optionalAddress(),
  /**
   * The system parameter of the same name (R-PARAM-5): when above 0, browsers log requests slower
   * than this; 0 leaves it to the client configuration's own slowRequestThresholdMs.
   */
  slowRequestThresholdMs: z.int().nonnegative().default(0),
});
export type ServerConfig = z.infer<typeof serverConfigSchema>;

export const loggerLevels = ['trace', 'debug', 'info', 'warning', 'error', 'off'] as const;
export type LoggerLevel = (typeof loggerLevels)[number];

/** Load scheduling screen (LSS) settings kept on the client. */
const lssSettingsSchema = z.object({
  refreshIntervalSeconds: z.int().positive().default(60),
});

export const clientConfigSchema = z.object({
  /** '' means the current host with the default server port. */
  serverAddress: address(),
  signalLoggingEnabled: z.boolean().default(false),
  mapsScriptAddress: optionalAddress(),
  lssSettings: lssSettingsSchema.prefault({}),
  paymentTestMode: z.boolean().default(false),
  clientErrorReportingEnabled: z.boolean().default(false),
  loggerLevel: z.enum(loggerLevels).default(defaultLoggerLevel),
  slowRequestThresholdMs: z.int().nonnegative().default(initialSlowRequestThresholdMs),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
