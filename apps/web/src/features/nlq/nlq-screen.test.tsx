/** R-NLQ-1, R-NLQ-8, R-NLQ-9, R-NLQ-11 and R-PERM-3 on the AI-Assisted Query screen. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NlqResult } from '@dispatch/domain/nlq/nlq-api';
import type { NlqQuery } from '@dispatch/domain/nlq/nlq-query';
import { permissionLevels } from '@dispatch/domain/permissions';
import { updateServerConfig } from '../../lib/app-config';
import { accessRoutes } from '../../test/app-server';
import { fakeFetch, json, type FetchRoute } from '../../test/render';
import { renderAppAt } from '../../test/render-app';
import { appTestLifecycle, logInAs } from '../../test/session';

const yardsByPlant: NlqQuery = {
  view: 'deliveries',
  measure: 'cubicYards',
  dimensions: ['plant'],
  filters: [{ field: 'systemType', values: [{ id: 1, label: 'concrete' }] }],
  dateRange: { from: '2026-03-09', to: '2026-03-15' },
  sort: { by: 'measure', direction: 'desc' },
  limit: 50,
};

const answered = (query: NlqQuery, source: NlqResult['source'] = 'parser'): NlqResult => ({
  question: source === 'edited' ? null : 'yards of concrete by plant last week',
  understood: true,
  source,
  query,
  reason: null,
  ignored: source === 'parser' ? ['pls'] : [],
  unknown: [],
  suggestions: [],
  answer: {
    columns: [
      { key: 'plant', role: 'dimension', dimension: 'plant' },
      { key: query.measure, role: 'measure', measure: query.measure },
    ],
    rows: [
      ['North Yard', 1250.5],
      ['Westgate Plant', 880],
    ].slice(0, query.limit),
    truncated: query.limit < 2,
    chart: 'bar',
  },
});

const notUnderstood: NlqResult = {
  question: 'orders on hold for Acme',
  understood: false,
  source: 'parser',
  query: null,
  reason: 'unknownName',
  ignored: [],
  unknown: ['acme'],
  suggestions: ['orders on hold for Acme Paving', 'orders on hold'],
  answer: null,
};

type State = { asked: string[]; runs: NlqQuery[] };

function server(state: State): FetchRoute {
  return (url, init) => {
    const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
    switch (`${init?.method ?? 'GET'} ${url.pathname}`) {
      case 'POST /api/v1/nlq/ask': {
        const question = body.question as string;
        state.asked.push(question);
        if (question.includes('Acme')) return json(notUnderstood);
        if (question === 'trucks out of service now') {
          return json({ error: true, message: 'Natural-language queries are switched off.' }, 403);
        }
        return json(answered(yardsByPlant));
      }
      case 'POST /api/v1/nlq/run': {
        const query = body.query as NlqQuery;
        state.runs.push(query);
        return json(answered(query, 'edited'));
      }
      default:
        return undefined;
    }
  };
}

describe('AI-Assisted Query', () => {
  const state: State = { asked: [], runs: [] };
  appTestLifecycle(() => {
    Object.assign(state, { asked: [], runs: [] });
    return fakeFetch(
      server(state),
      accessRoutes({
        forms: () => [{ FormId: 51303, PermissionId: permissionLevels.FullWithPrices }],
      }),
    );
  });
  beforeEach(() => {
    localStorage.clear();
    logInAs('clerk');
    // The demo's setting (R-NLQ-11); the test below turns it off.
    updateServerConfig({ nlqEnabled: true });
  });

  it('R-PERM-3, R-NLQ-11: stays in the menu while nlqEnabled is off, and says the parameter turned it off', async () => {
    updateServerConfig({ nlqEnabled: false });
    const user = userEvent.setup();
    await renderAppAt('/home');
    const [menu] = await screen.findAllByRole(
      'navigation',
      { name: 'Main menu' },
      { timeout: 20_000 },
    );
    await user.click(await within(menu!).findByRole('link', { name: 'Ask AI' }));
    await screen.findByRole('heading', { name: 'AI-Assisted Query', level: 2 });
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent(
      'AI-Assisted Query is turned off by the system parameter "Natural-language queries".',
    );
    expect(notice).toHaveTextContent('An administrator can turn it on in System Parameters.');
    expect(screen.queryByText(/You do not have permissions/)).toBeNull();
    expect(screen.queryByLabelText('Question')).toBeNull();

    // Turned on, the screen works at once (R-PARAM-6).
    updateServerConfig({ nlqEnabled: true });
    expect(await screen.findByLabelText('Question')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  }, 30_000);

  it('answers a question with its reading, a chart and a table, and runs the edited reading', async () => {
    const user = userEvent.setup();
    await renderAppAt('/adhoc-queries/nlq');
    await screen.findByRole(
      'heading',
      { name: 'AI-Assisted Query', level: 2 },
      { timeout: 20_000 },
    );

    await user.type(
      screen.getByLabelText('Question'),
      'yards of concrete by plant last week pls{Enter}',
    );
    const table = await screen.findByRole('table', { name: 'Table' });
    expect(state.asked).toEqual(['yards of concrete by plant last week pls']);
    expect(
      within(table).getByRole('columnheader', { name: 'Cubic yards delivered' }),
    ).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'North Yard 1,250.50' })).toBeInTheDocument();
    expect(
      screen.getByRole('figure', { name: /Chart: Cubic yards delivered · Plant/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Words not used: pls')).toBeInTheDocument();

    const reading = screen.getByRole('region', { name: 'How the question was read' });
    expect(within(reading).getByRole('combobox', { name: 'Measure' })).toHaveValue(
      'Cubic yards delivered',
    );
    expect(within(reading).getByLabelText('From')).toHaveValue('2026-03-09');
    expect(within(reading).getByText('System type: Concrete')).toBeInTheDocument();

    await user.click(
      within(reading).getByRole('button', { name: 'Remove filter System type: Concrete' }),
    );
    const rows = within(reading).getByRole('textbox', { name: 'Rows' });
    await user.clear(rows);
    await user.type(rows, '1');
    await user.click(within(reading).getByRole('button', { name: 'All dates' }));
    await user.click(within(reading).getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(state.runs).toHaveLength(1));
    expect(state.runs[0]).toEqual({ ...yardsByPlant, filters: [], dateRange: null, limit: 1 });
    expect(await screen.findByText(/Only the first 1 rows are shown/)).toBeInTheDocument();
    expect(screen.getByText('Edited')).toBeInTheDocument();

    // Exported as shown: headers and names in the screen's words, numbers as numbers.
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:nlq';
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    expect(clicked).toHaveBeenCalledOnce();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]!);
    });
    expect(text.replace(/^\uFEFF/, '')).toBe(
      'Plant,Cubic yards delivered\r\nNorth Yard,1250.5\r\n',
    );
    vi.restoreAllMocks();

    const recent = screen.getByRole('region', { name: 'Recent questions' });
    expect(
      within(recent).getByRole('button', { name: 'yards of concrete by plant last week pls' }),
    ).toBeInTheDocument();
  });

  it('offers close alternatives when it does not understand, and asks the one clicked (R-NLQ-8)', async () => {
    const user = userEvent.setup();
    await renderAppAt('/adhoc-queries/nlq');
    await screen.findByRole(
      'heading',
      { name: 'AI-Assisted Query', level: 2 },
      { timeout: 20_000 },
    );
    await user.type(screen.getByLabelText('Question'), 'orders on hold for Acme{Enter}');
    expect(await screen.findByText('Nothing is called “acme”.')).toBeInTheDocument();
    const didYouMean = screen.getByRole('group', { name: 'Did you mean' });
    await user.click(within(didYouMean).getByRole('button', { name: 'orders on hold' }));
    await waitFor(() => expect(state.asked).toEqual(['orders on hold for Acme', 'orders on hold']));
    expect(screen.getByLabelText('Question')).toHaveValue('orders on hold');
    expect(await screen.findByRole('table', { name: 'Table' })).toBeInTheDocument();
  });

  it('asks an example with one click and shows a refusal next to the question', async () => {
    const user = userEvent.setup();
    await renderAppAt('/adhoc-queries/nlq');
    await screen.findByRole(
      'heading',
      { name: 'AI-Assisted Query', level: 2 },
      { timeout: 20_000 },
    );
    const examples = screen.getByRole('region', { name: 'Try one of these' });
    await user.click(within(examples).getByRole('button', { name: 'trucks out of service now' }));
    expect(
      await screen.findByText('Natural-language queries are switched off.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The question could not be answered')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Recent questions' })).getByText(
        'Questions you ask appear here.',
      ),
    ).toBeInTheDocument();
  });
});
