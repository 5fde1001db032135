/**
 * R-VALID-1, R-VALID-4, R-VALID-5: what login, classic authentication and token login need.
 * R-VALID-1 gives two wordings for login's required fields; the caller picks one, the current
 * wording by default.
 */
import { z } from 'zod';
import { textLength } from '../api/fields';
import { fieldLabels } from '../forms/field-labels';
import { requiredMessage } from '../forms/required';
import { messages } from '../messages';

const loginWordings = {
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
export type LoginFormInput = z.input<ReturnType<typeof loginSchema>>;

/** Logging in to the classic application. */
export const classicAuthenticationSchema = z.object({
  server: nonBlank(messages.classicAuthRequired, textLength.long),
  database: nonBlank(messages.classicAuthRequired, textLength.name),
  username: nonBlank(messages.classicAuthRequired, textLength.short),
  password: z.string().max(256).default(''),
});

export const tokenLoginSchema = z.object({
  token: nonBlank(requiredMessage(fieldLabels.token), 4096),
});
