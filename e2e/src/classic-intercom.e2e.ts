/**
 * The classic intercom link (R-CLASSIC-1..2) in Chromium: the server says useLegacyIntegrator, and
 * the intercom stand-in is first absent (the user must skip it), then running (dirty classic forms
 * make logout ask first).
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@dispatch/domain/messages';
import { launchBrowser, logIn, openPage } from './support/browser';
import {
  repoRoot,
  startIntercom,
  startProduct,
  type Product,
  type RunningProcess,
} from './support/processes';

const screenshots = path.join(repoRoot, 'docs/screenshots');

describe('the classic intercom link', () => {
  let product: Product;
  let browser: Browser;
  let intercom: RunningProcess | undefined;

  beforeAll(async () => {
    [product, browser] = await Promise.all([
      startProduct({ useLegacyIntegrator: true }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await intercom?.stop();
    await product?.stop();
  });

  it('offers Skip Intercom when the intercom cannot be reached, and asks before skipping', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${product.url}/security/login`);
    await logIn(page, { username: 'dispatcher' });
    const connecting = page.getByRole('dialog', { name: 'Connecting' });
    await connecting.waitFor();
    const skip = connecting.getByRole('button', { name: 'Skip Intercom' });
    await skip.waitFor({ timeout: 30_000 });
    expect(await connecting.getByRole('button', { name: 'Retry Intercom' }).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(screenshots, 'connect-modal.png') });

    await skip.click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Skip Classic Intercom' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(messages.skipClassicWarning);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(/\/home$/);
    await page.getByText('Classic · Skipped').waitFor();
    await page.context().close();
  });

  it('asks to confirm a logout while a classic form is unsaved', async () => {
    intercom = await startIntercom(product.intercomPort, product.url);
    const { page, consoleErrors } = await openPage(browser);
    await page.goto(`${product.url}/security/login`);
    await logIn(page, { username: 'dispatcher' });
    await page.waitForURL(/\/home$/);
    await page.getByText('Classic · Connected').waitFor({ timeout: 15_000 });

    const intercomUrl = `http://127.0.0.1:${product.intercomPort}`;
    const opened = await fetch(`${intercomUrl}/api/forms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ formId: 'LegacyConcreteOrderEntry' }),
    });
    expect(opened.status).toBe(201);
    const { key } = (await opened.json()) as { key: string };
    const dirty = await fetch(`${intercomUrl}/api/forms/${key}/dirty`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(dirty.status).toBe(200);

    await page.getByRole('button', { name: 'Log out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Logout' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(messages.logoutUnsavedWarning);
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/home$/);

    await page.getByRole('button', { name: 'Log out' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(/\/security\/login$/);
    expect(consoleErrors).toEqual([]);
  });

  it('logs in to classic again with the session token after a reload (AuthenticateWithToken)', async () => {
    const { page, consoleErrors } = await openPage(browser);
    await page.goto(`${product.url}/security/login`);
    await logIn(page, { username: 'dispatcher' });
    await page.waitForURL(/\/home$/);
    await page.getByText('Classic · Connected').waitFor({ timeout: 15_000 });

    // A reload keeps the session; classic is logged in again over its hub with the token (R-TOKEN-1).
    await page.reload();
    await page.getByText('Classic · Connected').waitFor({ timeout: 15_000 });
    const connecting = page.getByRole('dialog', { name: 'Connecting' });
    await connecting.waitFor({ state: 'hidden', timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Skip Intercom' }).count()).toBe(0);
    const state = (await (
      await fetch(`http://127.0.0.1:${product.intercomPort}/api/state`)
    ).json()) as { user: { username: string } | null };
    expect(state.user?.username.toLowerCase()).toBe('dispatcher');
    expect(consoleErrors).toEqual([]);
  });
});
