import type { ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { dashboardText } from './dashboard-text';

type CardEmptyProps = { title: string; hint?: string };

export function CardEmpty({ title, hint }: CardEmptyProps) {
  return (
    <Stack gap={4} align="center" py="lg" ta="center">
      <Text fw={600}>{title}</Text>
      {hint && (
        <Text fz="sm" c="dimmed" maw={360}>
          {hint}
        </Text>
      )}
    </Stack>
  );
}

type CardErrorProps = { error: Error; onRetry: () => void };

/** A refused read will be refused again, so only other failures offer Retry. */
export function CardError({ error, onRetry }: CardErrorProps) {
  const forbidden = error instanceof ApiError && (error.status === 401 || error.status === 403);
  return (
    <Alert color="red" variant="light" title={dashboardText.errors.title}>
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{forbidden ? dashboardText.errors.forbidden : error.message}</Text>
        {!forbidden && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {dashboardText.errors.retry}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

type QueryStateProps<T> = {
  query: UseQueryResult<T>;
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * The data once there is some (kept through a failed background refetch: a dispatcher is better
 * served by the last known board than by a blank card), else the error, else the skeleton.
 */
export function QueryState<T>({ query, skeleton, children }: QueryStateProps<T>) {
  const { data, error, refetch } = query;
  if (data !== undefined) return children(data);
  if (error) return <CardError error={error} onRetry={() => void refetch()} />;
  return skeleton;
}
