import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { menuCatalogue, menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { permissionLevels } from '@dispatch/domain/permissions';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toUserAccess } from '../../session/session-queries';
import { endSession } from '../../session/session-store';
import { logInAs } from '../../test/session';
import { renderWithProviders } from '../../test/render';
import { SideMenu } from './side-menu';
import { buildMenu, type AppMenu } from './use-menu';

const concreteGroup = { id: 1001, userProfileId: 1, groupName: 'Concrete' };
const aggregateGroup = { id: 1002, userProfileId: 1, groupName: 'Aggregate' };
const blockGroup = { id: 1003, userProfileId: 1, groupName: 'Block' };

/** Every form of the catalogue at one level. */
function everyForm(level: number) {
  return menuCatalogue.map((entry) => ({
    formId: entry.id,
    permission: level,
  }));
}

const viewer = () =>
  buildMenu({
    access: toUserAccess([concreteGroup], everyForm(permissionLevels.ReadOnlyNoPrices), false),
    disabledForms: [],
    classicUsable: false,
    quickLaunchFormIds: null,
  });

const admin = () =>
  buildMenu({
    access: toUserAccess(
      [concreteGroup, aggregateGroup, blockGroup],
      everyForm(permissionLevels.FullWithPrices),
      true,
    ),
    disabledForms: [],
    classicUsable: false,
    quickLaunchFormIds: null,
  });

async function renderMenu(menu: AppMenu, path = '/home') {
  const router = createMemoryRouter([{ path: '*', Component: () => <SideMenu menu={menu} /> }], {
    initialEntries: [path],
  });
  await renderWithProviders(<RouterProvider router={router} />);
  return screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
}

async function openGroup(nav: HTMLElement, name: string) {
  await userEvent.setup().click(within(nav).getByRole('button', { name }));
}

describe('the side menu', () => {
  it('shows a concrete-only viewer no aggregate or block entries and no administration', async () => {
    const menu = viewer();
    const labels = menu.sections.flatMap((section) => section.entries.map((entry) => entry.name));
    expect(labels).toContain('Concrete');
    for (const name of ['Aggregate', 'Block', 'Aggregate Ticketing', 'Block Ticketing']) {
      expect(labels).not.toContain(name);
    }

    const nav = await renderMenu(menu);
    expect(within(nav).queryByRole('button', { name: 'Administration' })).not.toBeInTheDocument();
    await openGroup(nav, 'Orders');
    const orders = within(nav).getByRole('group', { name: 'Orders' });
    expect(within(orders).getByText('Concrete')).toBeInTheDocument();
    expect(within(orders).getByText('Concrete Audit')).toBeInTheDocument();
    expect(within(orders).queryByText('Aggregate')).not.toBeInTheDocument();
    expect(within(orders).queryByText('Block')).not.toBeInTheDocument();
    await openGroup(nav, 'Ticketing');
    const ticketing = within(nav).getByRole('group', { name: 'Ticketing' });
    expect(within(ticketing).queryByText('Aggregate Ticketing')).not.toBeInTheDocument();
    expect(within(ticketing).queryByText('Block Ticketing')).not.toBeInTheDocument();
  });

  it('shows administration entries to administrators only', async () => {
    const nav = await renderMenu(admin());
    await openGroup(nav, 'Administration');

    expect(within(nav).getByRole('link', { name: /^Users/ })).toHaveAttribute(
      'href',
      '/administration/user-maintenance',
    );
    // Every administration screen is built: each is a link.
    expect(within(nav).getByRole('link', { name: /^Report Scheduling/ })).toHaveAttribute(
      'href',
      '/administration/report-scheduling',
    );
    expect(within(nav).getByRole('link', { name: /^Tax Levels/ })).toHaveAttribute(
      'href',
      '/administration/tax-level-maintenance',
    );
    // R-AUDIT-4: the audit trail has no catalogue entry; the shell lists it after the forms.
    expect(within(nav).getByRole('link', { name: 'Audit trail' })).toHaveAttribute(
      'href',
      '/administration/audit-trail',
    );
  });

  it('renders entries without a screen in this release disabled, and the dashboard as a link', async () => {
    const nav = await renderMenu(admin());
    await openGroup(nav, 'Credit');
    // The section of the current page (/home) is open already.

    // Built screens are links (R-CREDIT: Form Letters); entries still to come are disabled.
    expect(within(nav).getByRole('link', { name: /^Form Letters/ })).toHaveAttribute(
      'href',
      '/credit/form-letter',
    );
    const catalogueDisabled = within(nav).getByRole('button', {
      name: /^Preliminary Notice Input/,
    });
    expect(catalogueDisabled).toHaveAttribute('aria-disabled', 'true');
    const dashboard = within(nav).getByRole('link', { name: 'Dashboard' });
    expect(dashboard).toHaveAttribute('href', '/home');
    expect(dashboard).toHaveAttribute('aria-current', 'page');
  });

  it('hides forms the server disabled and offers classic forms only over a usable link', () => {
    const access = toUserAccess([concreteGroup], everyForm(permissionLevels.FullWithPrices), false);
    const withoutJobs = buildMenu({
      access,
      disabledForms: [50201],
      classicUsable: true,
      quickLaunchFormIds: null,
    });
    const entries = withoutJobs.sections.flatMap((section) => section.entries);
    expect(entries.some((entry) => entry.enumId === 'JobMaintenance')).toBe(false);
    expect(entries.some((entry) => entry.legacy)).toBe(true);

    const skipped = buildMenu({
      access,
      disabledForms: [],
      classicUsable: false,
      quickLaunchFormIds: null,
    });
    expect(skipped.sections.some((section) => section.group === 'classic')).toBe(false);
  });

  it('uses the forms the dispatcher pinned for the quick menu', () => {
    const access = toUserAccess([concreteGroup], everyForm(permissionLevels.FullWithPrices), false);
    const menu = buildMenu({
      access,
      disabledForms: [],
      classicUsable: false,
      quickLaunchFormIds: [999999],
    });
    expect(menu.quick.map((entry) => entry.enumId)).toEqual(['Dashboard']);
  });

  it('R-LINK-5: Ctrl+click opens the form in a new tab through a new-tab link, staying here', async () => {
    const opened: unknown[][] = [];
    vi.stubGlobal('open', (...args: unknown[]) => {
      opened.push(args);
      return null;
    });
    logInAs('dispatcher');
    try {
      const user = userEvent.setup();
      await renderMenu(admin());
      await user.type(
        screen.getByRole('searchbox', { name: 'Filter the menu' }),
        'Job Maintenance',
      );
      const jobs = await screen.findByRole('link', { name: 'Jobs' });
      await user.keyboard('{Control>}');
      await user.click(jobs);
      await user.keyboard('{/Control}');
      expect(opened).toHaveLength(1);
      const [href, target] = opened[0] as [string, string];
      expect(target).toBe('_blank');
      const url = new URL(href, 'http://localhost');
      expect(url.pathname).toBe('/jobs/maintenance');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        formId: String(menuEntryByEnumId('JobMaintenance')!.id),
        formEnum: 'JobMaintenance',
        token: 'token-1',
        username: 'dispatcher',
        database: 'DEMO',
        classic: '0',
        newTab: '1',
      });
      // A plain click stays in this tab.
      await user.click(jobs);
      expect(opened).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
      endSession();
    }
  });
});
