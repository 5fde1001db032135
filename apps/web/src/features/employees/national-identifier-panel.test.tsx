import { act, fireEvent, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formIdOf } from '@dispatch/domain/resources/define';
import { concreteGroup } from '../../test/app-server';
import { fakeFetch, json, renderWithProviders } from '../../test/render';
import type { ResourceRow } from '../../resources/resource-api';
import {
  formPermissionsQuery,
  sysadminQuery,
  userGroupsQuery,
} from '../../session/session-queries';
import { NationalIdentifierPanel } from './national-identifier-panel';

// The signed-in user's permission on the employee form, as login loads it (R-PERM-9).
let level = 5;

let form: UseFormReturn<FieldValues>;

function Harness({ record, readOnly }: { record: ResourceRow | undefined; readOnly: boolean }) {
  const own = useForm<FieldValues>({ defaultValues: { nationalIdentifier: '' } });
  useEffect(() => {
    form = own;
  }, [own]);
  return <NationalIdentifierPanel record={record} form={own} readOnly={readOnly} />;
}

const employee = {
  id: 12,
  version: 3,
  modifiedAt: '2026-03-01T10:00:00.000Z',
  modifiedBy: 'ann',
  labels: {},
  nationalIdentifierLast4: '6789',
} satisfies ResourceRow;

async function renderPanel(record: ResourceRow | undefined = employee, readOnly = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // What login loaded: the session's queries are cached until logout, so the panel reads these.
  client.setQueryData(userGroupsQuery().queryKey, [concreteGroup]);
  client.setQueryData(formPermissionsQuery().queryKey, [
    { formId: formIdOf('EmployeeMaintenance'), permission: level },
  ]);
  client.setQueryData(sysadminQuery().queryKey, false);
  await renderWithProviders(
    <QueryClientProvider client={client}>
      <Harness record={record} readOnly={readOnly} />
    </QueryClientProvider>,
  );
}

/** The national identifier on the employee form (R-SENSITIVE, R-NATID-2..3). */
describe('NationalIdentifierPanel', () => {
  let fetch: ReturnType<typeof fakeFetch>;
  beforeEach(() => {
    level = 5;
    fetch = fakeFetch((url, init) =>
      url.pathname === '/api/v1/employees/12/national-identifier/reveal' && init?.method === 'POST'
        ? json({ nationalIdentifier: '123-45-6789' })
        : undefined,
    );
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows only the last four, and reveals the whole for 30 seconds at level 5', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderPanel();
    expect(screen.getByTestId('national-identifier')).toHaveTextContent('•••• 6789');
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('123-45-6789')).toBeInTheDocument();
    expect(fetch.calls).toEqual(['POST /api/v1/employees/12/national-identifier/reveal']);
    act(() => {
      vi.advanceTimersByTime(31_000);
    });
    expect(screen.getByTestId('national-identifier')).toHaveTextContent('•••• 6789');
    expect(screen.queryByText('123-45-6789')).not.toBeInTheDocument();
  });

  it('offers no Reveal below level 5', async () => {
    level = 6;
    await renderPanel();
    expect(screen.getByTestId('national-identifier')).toHaveTextContent('•••• 6789');
    expect(screen.queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument();
  });

  it('offers no Reveal without an identifier on file', async () => {
    await renderPanel({ ...employee, nationalIdentifierLast4: '' });
    expect(screen.getByText('None on file')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument();
  });

  it('takes a new value, or removes the one on file, through the form', async () => {
    await renderPanel();
    fireEvent.change(screen.getByLabelText(/New national identifier/), {
      target: { value: '987-65-4321' },
    });
    expect(form.getValues('nationalIdentifier')).toBe('987-65-4321');
    fireEvent.click(screen.getByLabelText('Remove the one on file when saved'));
    expect(form.getValues('nationalIdentifier')).toBeNull();
    expect(screen.getByLabelText(/New national identifier/)).toBeDisabled();
  });

  it('has no input when the form is read-only', async () => {
    await renderPanel(employee, true);
    expect(screen.queryByLabelText(/New national identifier/)).not.toBeInTheDocument();
  });
});
