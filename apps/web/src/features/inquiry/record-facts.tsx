/** A record's facts as label and value, in a column or in a row; empty values are left out. */
import { Group, Stack, Text, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export type Fact = { label: string; value: ReactNode };

const shown = (fact: Fact) => fact.value !== null && fact.value !== undefined && fact.value !== '';

export function RecordFacts({
  facts,
  inline = false,
  align = 'left',
  mt,
}: {
  facts: readonly Fact[];
  inline?: boolean;
  align?: 'left' | 'right';
  mt?: MantineSpacing;
}) {
  const visible = facts.filter(shown);
  if (inline) {
    return (
      <Group gap="xl" mt={mt} wrap="wrap">
        {visible.map((fact) => (
          <div key={fact.label}>
            <Text size="xs" c="dimmed">
              {fact.label}
            </Text>
            <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {fact.value}
            </Text>
          </div>
        ))}
      </Group>
    );
  }
  return (
    <Stack gap={6} mt={mt} component="dl" m={0}>
      {visible.map((fact) => (
        <Group
          key={fact.label}
          gap="md"
          wrap="nowrap"
          align="flex-start"
          justify={align === 'right' ? 'flex-end' : 'flex-start'}
        >
          <Text
            component="dt"
            size="sm"
            c="dimmed"
            w={align === 'right' ? undefined : 120}
            ta={align}
            style={{ flexShrink: 0 }}
          >
            {fact.label}
          </Text>
          <Text
            component="dd"
            size="sm"
            m={0}
            ta={align}
            miw={align === 'right' ? 110 : undefined}
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {fact.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
