import type { MantineColor } from '@mantine/core';
import { colorVar } from './status-colors';

export type Segment = { key: string | number; value: number; color: MantineColor; label: string };

/**
 * A bar split in proportion to its segments. Decorative: the counts it draws are always written
 * out beside it, so it is hidden from assistive technology.
 */
export function SegmentBar({ segments }: { segments: readonly Segment[] }) {
  return (
    <div
      aria-hidden
      style={{
        display: 'flex',
        gap: 2,
        height: 8,
        borderRadius: 4,
        overflow: 'hidden',
        background: 'var(--mantine-color-default-border)',
      }}
    >
      {segments
        .filter((segment) => segment.value > 0)
        .map((segment) => (
          <div
            key={segment.key}
            title={segment.label}
            style={{ flex: `${segment.value} 1 0`, background: colorVar(segment.color) }}
          />
        ))}
    </div>
  );
}

type StatusDotProps = { color: MantineColor };

export function StatusDot({ color }: StatusDotProps) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        flex: 'none',
        width: 8,
        height: 8,
        borderRadius: '50%',
        background: colorVar(color),
      }}
    />
  );
}
