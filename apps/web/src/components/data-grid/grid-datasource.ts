/**
 * The Infinite Row Model's datasource over the caller's `fetchPage`: AG Grid asks for rows by
 * start and end index with its sort model; the server is asked by offset, limit and one sort.
 * One datasource serves one query: a new query gets a new datasource (which resets the grid),
 * and the old one aborts what it still has in flight.
 */
import type { IDatasource, IGetRowsParams, SortModelItem } from 'ag-grid-community';
import type { GridRow, GridSort, ResourceGridProps } from './grid-types';

export type BlockResult =
  | { queryKey: string; ok: true; offset: number; count: number }
  | { queryKey: string; ok: false; offset: number; error: unknown };

type FetchPage = ResourceGridProps['fetchPage'];

type DatasourceOptions = {
  queryKey: string;
  fetchPage: (request: Parameters<FetchPage>[0]) => ReturnType<FetchPage>;
  onBlock: (result: BlockResult) => void;
};

/** The grid sorts by one column at most (multi-sort is off). */
export function toGridSort(sortModel: readonly SortModelItem[]): GridSort | undefined {
  const first = sortModel[0];
  return first ? { field: first.colId, order: first.sort } : undefined;
}

export function createDatasource({ queryKey, fetchPage, onBlock }: DatasourceOptions): IDatasource {
  const inFlight = new Set<AbortController>();
  return {
    getRows(params: IGetRowsParams<GridRow>) {
      const controller = new AbortController();
      inFlight.add(controller);
      const offset = params.startRow;
      fetchPage({
        offset,
        limit: params.endRow - params.startRow,
        sort: toGridSort(params.sortModel),
        signal: controller.signal,
      })
        .then(({ rows, count }) => {
          if (controller.signal.aborted) return;
          // The count is the last row: the grid knows the list's length and stops at its end.
          params.successCallback(rows, count);
          onBlock({ queryKey, ok: true, offset, count });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          params.failCallback();
          onBlock({ queryKey, ok: false, offset, error });
        })
        .finally(() => inFlight.delete(controller));
    },
    destroy() {
      for (const controller of inFlight) controller.abort();
      inFlight.clear();
    },
  };
}
