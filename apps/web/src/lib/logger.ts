/**
 * The client's logger. Its level comes from the configuration (R-CLIENT-2: warning) and a support
 * person can override it in local storage (`loggerLevel`) to see more on one machine without a
 * new build. Messages go to the browser console; tokens and passwords are never passed in.
 */
import { defaultLoggerLevel } from '@dispatch/domain/constants';
import { loggerLevels, type LoggerLevel } from '@dispatch/domain/settings/config';
import { readStored, webStorageKeys } from './storage';

const rank: Record<LoggerLevel, number> = {
  trace: 0,
  debug: 1,
  info: 2,
  warning: 3,
  error: 4,
  off: 5,
};

let configuredLevel: LoggerLevel = defaultLoggerLevel;

function isLoggerLevel(value: string | null): value is LoggerLevel {
  return value !== null && (loggerLevels as readonly string[]).includes(value);
}

/** The level in force: the local-storage override when it names a level, else the configured one. */
export function loggerLevel(): LoggerLevel {
  const override = readStored(webStorageKeys.loggerLevel);
  return isLoggerLevel(override) ? override : configuredLevel;
}

export function setConfiguredLoggerLevel(level: LoggerLevel): void {
  configuredLevel = level;
}

function enabled(level: Exclude<LoggerLevel, 'off'>): boolean {
  return rank[level] >= rank[loggerLevel()];
}

export const logger = {
  trace(message: string, ...details: unknown[]): void {
    if (enabled('trace')) console.debug(message, ...details);
  },
  debug(message: string, ...details: unknown[]): void {
    if (enabled('debug')) console.debug(message, ...details);
  },
  info(message: string, ...details: unknown[]): void {
    if (enabled('info')) console.info(message, ...details);
  },
  warn(message: string, ...details: unknown[]): void {
    if (enabled('warning')) console.warn(message, ...details);
  },
  error(message: string, ...details: unknown[]): void {
    if (enabled('error')) console.error(message, ...details);
  },
};
