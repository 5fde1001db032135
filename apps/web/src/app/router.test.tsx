import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionLevels } from '@dispatch/domain/permissions';
import { describe, expect, it, vi } from 'vitest';
import { updateServerConfig } from '../lib/app-config';
import { queryClient } from '../lib/query-client';
import { fakeFetch, json, type FetchRoute } from '../test/render';
import { renderAppAt } from '../test/render-app';
import { takeRequestedUrl } from './route-guard';
import { appTestLifecycle, logInAs } from '../test/session';

const envelope = (data: unknown[]) => json({ error: false, count: data.length, data });

/** A concrete dispatcher with full rights on the credit screens, not an administrator. */
const userData: FetchRoute = (url) => {
  switch (url.pathname) {
    case '/api/servers':
      return envelope([{ databaseName: 'DEMO', serverName: 'db1' }]);
    case '/api/v1/user/groups':
      return envelope([{ id: 1001, userProfileId: 1, groupName: 'Concrete' }]);
    case '/api/formauthorization':
      return envelope([
        { FormId: 50903, PermissionId: permissionLevels.FullWithPrices },
        { FormId: 15000, PermissionId: permissionLevels.None },
      ]);
    case '/api/v1/sysadmin':
      return json({ value: false, message: '' });
    default:
      return undefined;
  }
};

const logIn = () => logInAs('dispatcher');

const renderApp = renderAppAt;

describe('routes and the guard', () => {
  appTestLifecycle(() => fakeFetch(userData));

  it('sends a visitor to the login screen and remembers where they were going', async () => {
    const router = await renderApp('/operations/pending-orders?plant=3');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/security/login');
    expect(takeRequestedUrl()).toBe('/operations/pending-orders?plant=3');
  });

  it('never remembers /admin-only as the place to return to', async () => {
    await renderApp('/admin-only');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(takeRequestedUrl()).toBe('/home');
  });

  it('shows a screen of this release that is not built as "not available" inside the shell', async () => {
    logIn();
    await renderApp('/credit/preliminary-notice-input');

    expect(
      await screen.findByRole('heading', { name: 'Preliminary Notice Input is not available yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByLabelText('Database')).toHaveTextContent('DEMO');
  });

  it('warns about a form the user may not view and stays where the user was', async () => {
    logIn();
    const user = userEvent.setup();
    const router = await renderApp('/credit/preliminary-notice-input');
    await screen.findByRole('heading', { name: 'Preliminary Notice Input is not available yet' });

    void router.navigate('/orders/concrete');

    const dialog = await screen.findByRole('dialog', { name: /Insufficient permission/ });
    expect(
      within(dialog).getByText(
        'You do not have permissions to access this form Concrete Order Entry',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/credit/preliminary-notice-input'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('R-PARAM-11: a form a system parameter switched off says so, not that permission is lacking', async () => {
    logIn();
    // Full rights on it, but the administrator listed it among the disabled forms.
    updateServerConfig({ disabledForms: [50903] });
    const user = userEvent.setup();
    const router = await renderApp('/no/such/page');
    await screen.findByRole('heading', { name: 'Page not found' });

    void router.navigate('/credit/preliminary-notice-input');

    const dialog = await screen.findByRole('dialog', { name: 'Turned off' });
    expect(
      within(dialog).getByText(
        'Preliminary Notice Input is turned off by the system parameter "Disabled forms".',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('An administrator can turn it on in System Parameters.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/You do not have permissions/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    // The modal's closing transition may outlast the default second on a busy machine.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(router.state.location.pathname).toBe('/no/such/page');
  });

  it('shows a clean page for an address that is no route', async () => {
    logIn();
    await renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('logs out at once when classic has no unsaved forms, telling the server', async () => {
    const fetchStub = fakeFetch(userData, (url) =>
      url.pathname === '/api/v1/auth/logout' ? json({ value: true, message: '' }) : undefined,
    );
    vi.stubGlobal('fetch', fetchStub);
    logIn();
    const user = userEvent.setup();
    const router = await renderApp('/credit/preliminary-notice-input');
    await screen.findByRole('heading', { name: 'Preliminary Notice Input is not available yet' });

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/security/login');
    expect(fetchStub.calls).toContain('POST /api/v1/auth/logout');
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('R-API-7: logs out everywhere from the user menu, asking the server to end every session', async () => {
    const fetchStub = fakeFetch(userData, (url) =>
      url.pathname.startsWith('/api/v1/auth/logout')
        ? json({ value: true, message: '' })
        : undefined,
    );
    vi.stubGlobal('fetch', fetchStub);
    logIn();
    const user = userEvent.setup();
    const router = await renderApp('/credit/preliminary-notice-input');
    await screen.findByRole('heading', { name: 'Preliminary Notice Input is not available yet' });

    await user.click(screen.getByRole('button', { name: 'User' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out everywhere' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/security/login');
    expect(fetchStub.calls).toContain('POST /api/v1/auth/logout/all');
    expect(fetchStub.calls).not.toContain('POST /api/v1/auth/logout');
    expect(sessionStorage.getItem('accessToken')).toBeNull();
  });
});
