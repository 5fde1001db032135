/**
 * One panel of the quick sale screen: a bordered section named for screen readers by its title,
 * which is shown as a heading unless the panel's own fields say what it is.
 */
import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

export function SaleSection({
  title,
  showTitle = true,
  children,
}: {
  title: string;
  showTitle?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      {showTitle ? (
        <Title order={3} size="h5" mb="xs">
          {title}
        </Title>
      ) : null}
      {children}
    </Paper>
  );
}
