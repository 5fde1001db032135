import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@dispatch/domain/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { resetAppConfig } from '../lib/app-config';
import { fakeFetch, json, renderWithProviders, type FetchRoute } from '../test/render';
import { LoginPage } from './login-page';
import { resetLoginState } from './login-flow';
import { stopConnectFlow } from './connect-flow';
import { endSession } from './session-store';

const databases: FetchRoute = (url) =>
  url.pathname === '/api/servers'
    ? json({
        error: false,
        count: 2,
        data: [
          { databaseName: 'DEMO', serverName: 'db1' },
          { databaseName: 'TRAINING', serverName: 'db1' },
        ],
      })
    : undefined;

async function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/security/login', Component: LoginPage },
      { path: '/home', Component: () => <h1>Home screen</h1> },
    ],
    { initialEntries: ['/security/login'] },
  );
  await renderWithProviders(<RouterProvider router={router} />);
  return router;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, username: string) {
  if (username) await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), 'secret');
  await screen.findByRole('option', { name: 'TRAINING' });
  await user.selectOptions(screen.getByLabelText('Database'), 'TRAINING');
}

describe('login page', () => {
  beforeEach(() => resetAppConfig());
  afterEach(async () => {
    vi.unstubAllGlobals();
    resetLoginState();
    await stopConnectFlow();
    endSession();
  });

  it('asks for a username and a database before calling the server', async () => {
    const fetchStub = fakeFetch(databases);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    await renderLogin();
    await screen.findByRole('option', { name: 'DEMO' });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginRequired);
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Database')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchStub.calls).not.toContain('POST /token');
  });

  it('asks for the database when only the username is given', async () => {
    vi.stubGlobal('fetch', fakeFetch(databases));
    const user = userEvent.setup();
    await renderLogin();
    await user.type(screen.getByLabelText('Username'), 'dispatcher');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginRequired);
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's description when the password is wrong", async () => {
    const tokenCalls: RequestInit[] = [];
    vi.stubGlobal(
      'fetch',
      fakeFetch(databases, (url, init) => {
        if (url.pathname !== '/token') return undefined;
        tokenCalls.push(init ?? {});
        return json(
          { error: 'invalid_grant', error_description: 'Account locked: too many attempts.' },
          401,
        );
      }),
    );
    const user = userEvent.setup();
    await renderLogin();
    await fillIn(user, 'dispatcher');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Account locked: too many attempts.',
    );
    const body = (tokenCalls[0]?.body as URLSearchParams).toString();
    expect(body).toContain('client_id=dispatcher');
    expect(body).toContain('grant_type=client_credentials');
    const headers = tokenCalls[0]?.headers as Record<string, string>;
    expect(headers.database).toBe('TRAINING');
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it("retries once on token_error, showing 'Attempting Authentication...'", async () => {
    let tokenCalls = 0;
    vi.stubGlobal(
      'fetch',
      fakeFetch(databases, (url) => {
        if (url.pathname !== '/token') return undefined;
        tokenCalls += 1;
        if (tokenCalls === 1) {
          return json({ error: 'token_error', error_description: 'Token expired.' }, 401);
        }
        // The retry stays unanswered, so the page is caught while it waits.
        return new Promise<Response>(() => undefined);
      }),
    );
    const user = userEvent.setup();
    await renderLogin();
    await fillIn(user, 'dispatcher');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.attemptingAuthentication);
    await waitFor(() => expect(tokenCalls).toBe(2));
  });

  it('gives up after the one retry with the communication error', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(databases, (url) =>
        url.pathname === '/token'
          ? json({ error: 'missing_token_error', error_description: 'No token.' }, 400)
          : undefined,
      ),
    );
    const user = userEvent.setup();
    await renderLogin();
    await fillIn(user, 'dispatcher');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.authRetryFailed);
  });

  it('logs in and goes home when the server accepts (classic not used)', async () => {
    const languages: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      fakeFetch(
        (url, init) => {
          if (url.pathname !== '/api/v1/user/language' || init?.method !== 'PUT') return undefined;
          languages.push(JSON.parse(init.body as string));
          return json({ language: 'en' });
        },
        databases,
        (url) =>
          url.pathname === '/token'
            ? json({
                access_token: 'token-1',
                token_type: 'bearer',
                expires_in: 3600,
                adminOnly: false,
                mqServer: '',
              })
            : undefined,
        (url) =>
          url.pathname === '/api/servers/TRAINING'
            ? json({ databaseName: 'TRAINING', serverName: 'db1' })
            : undefined,
        (url) =>
          url.pathname === '/api/v1/user/groups'
            ? json({
                error: false,
                count: 1,
                data: [{ id: 1001, userProfileId: 1, groupName: 'Concrete' }],
              })
            : undefined,
        (url) =>
          url.pathname === '/api/formauthorization'
            ? json({ error: false, count: 0, data: [] })
            : undefined,
        (url) =>
          url.pathname === '/api/OrderStatus'
            ? json({ error: false, count: 0, data: [] })
            : undefined,
        (url) =>
          url.pathname === '/api/v1/sysadmin' ? json({ value: false, message: '' }) : undefined,
      ),
    );
    const user = userEvent.setup();
    const router = await renderLogin();
    await fillIn(user, 'dispatcher');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    // Issue 25: the server learns the language the user signed in with.
    await waitFor(() => expect(languages).toEqual([{ language: 'en' }]));
  });

  it('R-API-8: keeps the database list until the user asks for a refresh', async () => {
    const fetchStub = fakeFetch(databases);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    const listReads = () => fetchStub.calls.filter((call) => call === 'GET /api/servers').length;
    await renderLogin();
    await screen.findByRole('option', { name: 'DEMO' });
    expect(listReads()).toBe(1);

    // Back at the login screen later (after a logout, say): the kept list, no new read.
    cleanup();
    await renderLogin();
    await screen.findByRole('option', { name: 'TRAINING' });
    expect(listReads()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Refresh the database list' }));
    await waitFor(() => expect(listReads()).toBe(2));
    expect(await screen.findByRole('option', { name: 'DEMO' })).toBeInTheDocument();
  });

  it('shows the database list error (R-ERR-8) when the list cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch((url) =>
        url.pathname === '/api/servers' ? json({ message: 'down' }, 503) : undefined,
      ),
    );
    await renderLogin();

    expect(await screen.findByText(messages.databaseListServerError)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks for a new password after a temporary one, sends it, then signs in with it', async () => {
    const changes: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      fakeFetch(databases, (url, init) => {
        if (url.pathname === '/api/v1/auth/change-password') {
          changes.push(JSON.parse(init?.body as string));
          return json({ value: true, message: 'changed' });
        }
        if (url.pathname !== '/token') return undefined;
        const password = new URLSearchParams(init?.body as URLSearchParams).get('client_secret');
        return password === 'secret'
          ? json(
              {
                error: 'password_change_required',
                error_description: messages.passwordChangeRequired,
              },
              403,
            )
          : new Promise<Response>(() => undefined);
      }),
    );
    const user = userEvent.setup();
    await renderLogin();
    await fillIn(user, 'dana');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'too short');
    await user.click(screen.getByRole('button', { name: 'Change password and sign in' }));
    expect(
      await screen.findByText('New password must be at least 12 characters'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'gravel trucks at dawn');
    await user.type(screen.getByLabelText('Confirm the new password'), 'gravel trucks at dawn');
    await user.click(screen.getByRole('button', { name: 'Change password and sign in' }));

    await waitFor(() =>
      expect(changes).toEqual([
        { username: 'dana', currentPassword: 'secret', newPassword: 'gravel trucks at dawn' },
      ]),
    );
  });
});
