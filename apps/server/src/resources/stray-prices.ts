/**
 * R-PERM-6 and R-RES-11 for prices a resource does not hold. A write's body is parsed by the
 * definition's schema, which drops fields the resource does not have: a price sent beside a
 * quote's lines or a customer's pricing rows would vanish unread. A level that may not change
 * prices (2, 3, 4, 6) is told so instead (403), as for every price it tries to set; the engine
 * checks the prices the resource does hold (resource-write.ts, checkPrices).
 */
import type { preValidationHookHandler } from 'fastify';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import type { Field } from '@dispatch/domain/resources/field';
import { isPriceField } from '@dispatch/domain/pricing';
import { ApiError } from '../http/api-error';

type Body = Record<string, unknown>;

function isObject(value: unknown): value is Body {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function strayIn(body: Body, fields: Readonly<Record<string, Field>>, path: string): string[] {
  return Object.keys(body)
    .filter((name) => isPriceField(name) && !(name in fields))
    .map((name) => `${path}${name}`);
}

/** Price fields the body sends that the resource (or its child rows) does not have. */
export function strayPrices(definition: ResourceDefinition, body: unknown): string[] {
  if (!isObject(body)) return [];
  const rows = Object.entries(definition.children).flatMap(([key, child]) => {
    const sent = body[key];
    if (!Array.isArray(sent)) return [];
    return sent.flatMap((row: unknown, index) =>
      isObject(row) ? strayIn(row, child.fields, `${key}[${index}].`) : [],
    );
  });
  return [...strayIn(body, definition.fields, ''), ...rows];
}

/** After authorize, which sets request.permission. */
export function refuseStrayPrices(definition: ResourceDefinition): preValidationHookHandler {
  return (request, _reply, done) => {
    const { flags } = request.permission;
    const sent = flags.hidePrice || flags.disablePrice ? strayPrices(definition, request.body) : [];
    if (sent.length === 0) {
      done();
      return;
    }
    done(
      new ApiError('permission', `You may not change prices (${sent.join(', ')}).`, {
        data: sent.map((field) => ({ field, reason: 'prices are read-only for you' })),
      }),
    );
  };
}
