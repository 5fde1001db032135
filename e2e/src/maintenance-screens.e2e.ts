/**
 * Every maintenance screen as a clerk uses it (R-MAINT-1), in Debian's Chromium against the
 * real server: open it from the menu, create a record, find it with the search, open it, change
 * it and see the change arrive in a second browser without a reload, deactivate it. Then the
 * rules around editing: the viewer's read-only form, the lock a second user sees, the choice a
 * stale save offers.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logIn, openPage } from './support/browser';
import { actSending } from './support/sending';
import {
  apiToken,
  connected,
  listLoaded,
  lookupScreens as screens,
  openFromMenu,
  openRow,
  productSuite,
  screenshots,
  walkingPages,
  walkThroughScreen,
} from './support/maintenance';

describe('the maintenance screens', () => {
  const { suite, pages, newPage } = productSuite();
  const { walker, watcher } = walkingPages(newPage);

  it.each(screens)('$enumId: create, find, open, change live, deactivate', async (screen) => {
    await walkThroughScreen(
      { page: await walker(screen.user), watcher: await watcher(screen.user) },
      { ...screen, code: String(800 + screens.indexOf(screen)) },
      String(Date.now() % 100_000),
    );
  });

  it('adds a job type in the table editor that the job form then offers', async () => {
    const admin = await newPage('admin');
    await openFromMenu(admin, 'TableEditor');
    await admin.getByRole('combobox', { name: 'Table', exact: true }).fill('Job types');
    await admin.getByRole('option', { name: 'Job types', exact: true }).click();
    await admin.waitForURL(/\/administration\/table-editor\/job-types$/);
    await listLoaded(admin);
    await admin.screenshot({ path: path.join(screenshots, 'table-editor-list.png') });

    const name = `E2E job type ${Date.now() % 100_000}`;
    await admin.getByRole('button', { name: 'New', exact: true }).click();
    await admin.getByRole('textbox', { name: 'Code', exact: true }).fill('880');
    await admin.getByRole('textbox', { name: 'Description', exact: true }).fill(name);
    await admin.getByRole('button', { name: 'Create' }).click();
    await admin.waitForURL(/\/table-editor\/job-types\/880$/);
    await admin.getByRole('heading', { name }).waitFor();
    await admin.screenshot({ path: path.join(screenshots, 'table-editor-form.png') });

    await admin.goto(`${suite.product.url}/jobs/maintenance/new`);
    // A new page connects to the dispatcher behind a modal "Connecting" dialog; a pick list
    // opened before it closes loses its focus to it, closes, and never asks for its options
    // (the failure seen in CI on 2026-12-01).
    await connected(admin);
    // The list can still close on its own right after it opens: on a loaded CI machine it did
    // (2026-12-01, and with two suites at a time on 2026-12-02), and the option was never shown.
    // A user opens it again; so does the test, only while it is closed (a click on an open list
    // closes it), so a list served without the new type still fails.
    const jobType = admin.getByRole('combobox', { name: 'Job type', exact: true });
    const option = admin.getByRole('option', { name });
    await expect
      .poll(
        async () => {
          if (await option.isVisible()) return true;
          if (!(await admin.getByRole('listbox').isVisible())) await jobType.click();
          return false;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await admin.context().close();
  });

  it('adds a reason in the table editor that order entry then offers', async () => {
    const admin = await newPage('admin');
    await admin.goto(`${suite.product.url}/administration/table-editor/reasons`);
    await connected(admin);
    const reason = `E2E reason ${Date.now() % 100_000}`;
    await admin.getByRole('button', { name: 'New', exact: true }).click();
    await admin.getByRole('textbox', { name: 'Code', exact: true }).fill('881');
    await admin.getByRole('textbox', { name: 'Description', exact: true }).fill(reason);
    await admin.getByRole('button', { name: 'Create' }).click();
    await admin.waitForURL(/\/table-editor\/reasons\/881$/);

    const dispatcher = await newPage('dispatcher');
    await dispatcher.goto(`${suite.product.url}/orders/concrete`);
    await connected(dispatcher);
    await dispatcher.getByRole('combobox', { name: 'Reason', exact: true }).click();
    await dispatcher.getByRole('option', { name: reason }).waitFor();
    await admin.context().close();
    await dispatcher.context().close();
  });

  it("unpins and pins a screen, and the user's other tab follows at once", async () => {
    const first = await newPage('dispatcher');
    const second = await newPage('dispatcher');
    const quickJobs = (page: typeof first) =>
      page
        .getByRole('navigation', { name: 'Quick menu' })
        .getByRole('link', { name: 'Jobs', exact: true });
    await quickJobs(second).waitFor();
    await first.goto(`${suite.product.url}/jobs/maintenance`);
    await connected(first);
    const quickMenu = /\/api\/v1\/user\/quick-menu$/;
    await actSending(
      first,
      quickMenu,
      () => first.getByRole('button', { name: 'Unpin Jobs from the quick menu' }).click(),
      'PUT',
    );
    await first.getByRole('button', { name: 'Pin Jobs to the quick menu' }).waitFor();
    await quickJobs(second).waitFor({ state: 'detached', timeout: 2_000 });
    await actSending(
      first,
      quickMenu,
      () => first.getByRole('button', { name: 'Pin Jobs to the quick menu' }).click(),
      'PUT',
    );
    await quickJobs(second).waitFor({ timeout: 2_000 });
    await first.screenshot({ path: path.join(screenshots, 'quick-menu-pinned.png') });
    await first.context().close();
    await second.context().close();
  });

  it('shows the viewer read-only forms', async () => {
    const viewer = await newPage('viewer');
    await viewer.goto(`${suite.product.url}/trucks/company-maintenance`);
    await connected(viewer);
    await openRow(viewer);
    await viewer.getByText('You can view this record but not change it.').waitFor();
    expect(await viewer.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'New' }).count()).toBe(0);
    await viewer.screenshot({ path: path.join(screenshots, 'truck-companies-form-viewer.png') });
  });

  it('tells a second user who is editing, and offers a reload when a save is stale', async () => {
    const firstPage = await openPage(suite.browser);
    pages.push(firstPage);
    const first = firstPage.page;
    await first.goto(`${suite.product.url}/security/login`);
    await logIn(first, { username: 'dispatcher' });
    await first.waitForURL(/\/home$/);
    await first.goto(`${suite.product.url}/pumpers/maintenance`);
    await connected(first);
    await openRow(first);
    const url = first.url();
    const nameField = first.getByRole('textbox', { name: 'Name', exact: true });
    const name = await nameField.inputValue();

    const second = await newPage('admin');
    await second.goto(url);
    await second.getByText(/dispatcher is editing this record/).waitFor();
    expect(
      await second.getByRole('textbox', { name: 'Name', exact: true }).getAttribute('readonly'),
    ).not.toBeNull();
    await second.screenshot({ path: path.join(screenshots, 'pumpers-form-locked.png') });
    await second.context().close();

    // Someone saves through the API while the form has unsaved changes.
    await nameField.fill(`${name} (mine)`);
    const token = await apiToken(suite.product.url, 'admin');
    const id = url.split('/').at(-1)!;
    const current = (await (
      await fetch(`${suite.product.url}/api/v1/pumpers/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { version: number };
    const theirs = await fetch(`${suite.product.url}/api/v1/pumpers/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contactName: 'Changed elsewhere', version: current.version }),
    });
    expect(theirs.status).toBe(200);
    await first.getByText(/admin saved this record while you were editing it/).waitFor();
    await first.getByRole('button', { name: 'Save' }).click();
    const conflict = first.getByRole('dialog', { name: 'Changed by someone else' });
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await expect
      .poll(() => first.getByRole('textbox', { name: 'Contact', exact: true }).inputValue())
      .toBe('Changed elsewhere');
    expect(await nameField.inputValue()).toBe(name);
    // The refused save is the one error this page may log (R-API: HTTP errors are logged).
    expect(firstPage.consoleErrors).toEqual([
      expect.stringMatching(/409/),
      expect.stringMatching(/PUT \/api\/v1\/pumpers\/\d+ answered 409/),
    ]);
    firstPage.consoleErrors.splice(0);
  });

  it('wrote no errors to the browser console', () => {
    expect(pages.flatMap((watched) => watched.consoleErrors)).toEqual([]);
  });
});
