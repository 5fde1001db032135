import { useId, type ReactNode } from 'react';
import { Paper, Group, Title, Text } from '@mantine/core';

type DashboardCardProps = {
  title: string;
  /** A short summary beside the title, e.g. '48 orders'. */
  aside?: ReactNode;
  children: ReactNode;
};

/** One card of the dashboard: a landmark region named by its heading, so it can be found by name. */
export function DashboardCard({ title, aside, children }: DashboardCardProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
    >
      <Group justify="space-between" align="baseline" gap="xs" mb="sm" wrap="nowrap">
        <Title order={2} id={headingId} fz="xs" fw={700} tt="uppercase" c="dimmed" lts="0.06em">
          {title}
        </Title>
        {aside !== undefined && (
          <Text
            fz="sm"
            fw={600}
            style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          >
            {aside}
          </Text>
        )}
      </Group>
      {children}
    </Paper>
  );
}
