import type { FastifyServerOptions } from 'fastify';
import type { Env } from '../env';

/**
 * Logs never hold passwords, tokens, card data or national identifiers: headers that carry
 * credentials are redacted, bodies are not logged, and URLs are logged without their query
 * string (entry URLs carry tokens there).
 */
export function loggerOptions(env: Env): FastifyServerOptions['logger'] {
  return {
    level: env.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers.seat_token',
        'req.headers.token',
        '*.password',
        '*.client_secret',
        '*.access_token',
        '*.creditCardNumber',
        '*.creditCardSecurityValue',
        // R-QSALE-6: a quick sale's card, wherever a log line could carry it.
        'cardNumber',
        'securityValue',
        '*.cardNumber',
        '*.securityValue',
        '*.*.cardNumber',
        '*.*.securityValue',
        '*.payments[*].cardNumber',
        '*.payments[*].securityValue',
        '*.*.payments[*].cardNumber',
        '*.*.payments[*].securityValue',
        // R-NATID-4: the clear value at any depth a log line could carry it, and its ciphertext.
        'nationalIdentifier',
        '*.nationalIdentifier',
        '*.*.nationalIdentifier',
        '*.*.*.nationalIdentifier',
        '*.nationalIdentifierEncrypted',
        '*.*.nationalIdentifierEncrypted',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: withoutQuery(request.url), ip: request.ip };
      },
    },
  };
}

export function withoutQuery(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? url : url.slice(0, index);
}
