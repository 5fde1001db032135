import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('readEnv', () => {
  it('defaults to port 8080 on this machine only, checking tokens at the local API', () => {
    expect(readEnv({})).toEqual({
      INTERCOM_PORT: 8080,
      HOST: '127.0.0.1',
      API_URL: 'http://127.0.0.1:8484',
      INTERCOM_USER: null,
      INTERCOM_REQUIRE_DESKTOP_LOGIN: false,
    });
  });

  it('reads every setting', () => {
    expect(
      readEnv({
        INTERCOM_PORT: '9090',
        HOST: '0.0.0.0',
        API_URL: 'https://dispatch.example/',
        INTERCOM_USER: ' operator ',
        INTERCOM_REQUIRE_DESKTOP_LOGIN: '1',
      }),
    ).toEqual({
      INTERCOM_PORT: 9090,
      HOST: '0.0.0.0',
      API_URL: 'https://dispatch.example',
      INTERCOM_USER: 'operator',
      INTERCOM_REQUIRE_DESKTOP_LOGIN: true,
    });
  });

  it('names each setting it cannot use', () => {
    expect(() => readEnv({ INTERCOM_PORT: 'eighty', API_URL: 'ftp://x' })).toThrow(
      /INTERCOM_PORT: .*\n {2}API_URL: /,
    );
    expect(() => readEnv({ INTERCOM_REQUIRE_DESKTOP_LOGIN: 'yes' })).toThrow(
      /INTERCOM_REQUIRE_DESKTOP_LOGIN/,
    );
  });
});
