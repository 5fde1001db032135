/**
 * Issue 25, item 4: the language menu changes the screen and, once signed in, tells the server,
 * which writes the user's background jobs in it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n/i18n';
import { fakeFetch, json } from '../test/render';
import { logInAs } from '../test/session';
import { endSession } from './session-store';
import { chooseLanguage } from './user-language';

type Sent = { method: string; body: unknown; authorization: string | undefined };

function serverKeepingLanguage(status = 200) {
  const sent: Sent[] = [];
  const fetchStub = fakeFetch((url, init) => {
    if (url.pathname !== '/api/v1/user/language') return undefined;
    const body = JSON.parse(init?.body as string) as { language: string };
    sent.push({
      method: init?.method ?? 'GET',
      body,
      authorization: (init?.headers as Record<string, string>).authorization,
    });
    return status === 200
      ? json(body)
      : json({ message: 'language must be one of en, es', data: [] }, status);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { sent, fetchStub };
}

describe('choosing a language', () => {
  beforeEach(() => initI18n('en'));
  afterEach(async () => {
    vi.unstubAllGlobals();
    endSession();
    await initI18n('en');
  });

  it('tells the server when signed in, as the signed-in user', async () => {
    const { sent } = serverKeepingLanguage();
    logInAs('ana');
    await chooseLanguage('es');
    expect(i18n.language).toBe('es');
    expect(sent).toEqual([
      { method: 'PUT', body: { language: 'es' }, authorization: 'Bearer token-1' },
    ]);
  });

  it('only changes the screen while signed out (the login tells the server)', async () => {
    const { fetchStub } = serverKeepingLanguage();
    await chooseLanguage('es');
    expect(i18n.language).toBe('es');
    expect(fetchStub.calls).toEqual([]);
  });

  it('keeps the screen in the chosen language when the server refuses it', async () => {
    const { sent } = serverKeepingLanguage(500);
    logInAs('ana');
    await expect(chooseLanguage('es')).resolves.toBeUndefined();
    expect(sent).toHaveLength(1);
    expect(i18n.language).toBe('es');
  });
});
