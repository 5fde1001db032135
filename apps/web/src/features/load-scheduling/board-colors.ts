/**
 * The board's colour code (R-BOARD-25): urgency on the load's frame and number, the cycle's
 * segments in a fixed order of shades, and each truck status its own colour, the same in the yard,
 * the trucks out and the legend.
 */
import type { LoadSegmentKind, LoadUrgency } from '@dispatch/domain/dispatch/board-timeline';
import type { TruckStatusKey } from '@dispatch/domain/trucks/truck-status';

export const urgencyColors: Record<LoadUrgency, string> = {
  pastDue: 'var(--mantine-color-red-7)',
  dueSoon: 'var(--mantine-color-orange-6)',
  later: 'var(--mantine-color-petrol-6)',
  sent: 'var(--mantine-color-teal-7)',
  closed: 'var(--mantine-color-gray-5)',
};

export const urgencyBadge: Record<LoadUrgency, string> = {
  pastDue: 'red',
  dueSoon: 'orange',
  later: 'petrol',
  sent: 'teal',
  closed: 'gray',
};

export const segmentColors: Record<LoadSegmentKind, string> = {
  batch: '#7048e8',
  travel: '#1c7ed6',
  unload: '#0ca678',
  wash: '#15aabf',
  return: '#868e96',
};

export const truckStatusColors: Record<TruckStatusKey, string> = {
  inYard: 'gray',
  loading: 'violet',
  loaded: 'grape',
  toJob: 'blue',
  onJob: 'teal',
  unloading: 'green',
  washing: 'cyan',
  toPlant: 'indigo',
  outOfService: 'red',
  offDuty: 'dark',
};
