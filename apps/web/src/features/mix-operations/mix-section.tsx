/** A titled part of a mix screen: a bordered section named by its title (a landmark to tests). */
import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

export function MixSection({
  title,
  children,
  dimmed = false,
}: {
  title: string;
  children: ReactNode;
  /** Shown faded: what it shows no longer matches the choices (a stale preview). */
  dimmed?: boolean;
}) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={title}
      style={dimmed ? { opacity: 0.55 } : undefined}
    >
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}
