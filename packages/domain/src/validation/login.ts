/**
 * R-VALID-1, R-VALID-4, R-VALID-5: what login, classic authentication and token login need.
 * R-VALID-1 gives two wordings for login's required fields; the caller picks one, the current
 * wording by default.
 */
import { z } from 'zod';
import { textLength } from '../entities/fields';
import { messages } from '../messages';
import { fieldLabels } from './field-labels';
import { requiredMessage } from './required';

export const loginWordings = {
  current: messages.loginRequired,
  legacy: messages.loginRequiredLegacy,
} as const;
export type LoginWording = keyof typeof loginWordings;

function nonBlank(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(max);
}

export function loginSchema(wording: LoginWording = 'current') {
  const message = loginWordings[wording];
  return z.object({
    username: nonBlank(message, textLength.short),
    // Passwords are never trimmed: a space may be part of one.
    password: z.string().max(256).default(''),
    database: nonBlank(message, textLength.name),
  });
}
export type LoginSchema = ReturnType<typeof loginSchema>;
export type LoginForm = z.infer<LoginSchema>;
export type LoginFormInput = z.input<LoginSchema>;

/** Logging in to the classic application. */
export const classicAuthenticationSchema = z.object({
  server: nonBlank(messages.classicAuthRequired, textLength.long),
  database: nonBlank(messages.classicAuthRequired, textLength.name),
  username: nonBlank(messages.classicAuthRequired, textLength.short),
  password: z.string().max(256).default(''),
});
export type ClassicAuthentication = z.infer<typeof classicAuthenticationSchema>;

export const tokenLoginSchema = z.object({
  token: nonBlank(requiredMessage(fieldLabels.token), 4096),
});
export type TokenLogin = z.infer<typeof tokenLoginSchema>;
