/**
 * TanStack Query for the screens behind login. It sits in the shell, not at the root, so the
 * login page does not load it.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as appQueryClient } from '../lib/query-client';

export function QueryProvider(props: {
  readonly children: ReactNode;
  readonly client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={props.client ?? appQueryClient}>
      {props.children}
    </QueryClientProvider>
  );
}
