/** R-STATUS-1..4: status items and the status modal that sums them up. */
import { statusModalAutoCloseDelayMs, statusModalStartProgress } from '../constants';

export const statusItemProgress = { waiting: 0, success: 100, error: -1 } as const;

export const statusItemStatuses = ['waiting', 'active', 'success', 'error'] as const;
export type StatusItemStatus = (typeof statusItemStatuses)[number];

export type StatusItem = {
  readonly title: string;
  readonly progress: number;
  readonly status: StatusItemStatus;
};

/**
 * Brings any number onto the item scale: negatives mean error (-1), above 100 is 100, fractions
 * round down and NaN is waiting, so a sloppy caller can never break the modal's arithmetic.
 */
export function normalizeProgress(progress: number): number {
  if (Number.isNaN(progress)) return statusItemProgress.waiting;
  if (progress < 0) return statusItemProgress.error;
  return Math.min(statusItemProgress.success, Math.floor(progress));
}

export function statusOfProgress(progress: number): StatusItemStatus {
  const normalized = normalizeProgress(progress);
  if (normalized === statusItemProgress.error) return 'error';
  if (normalized === statusItemProgress.waiting) return 'waiting';
  if (normalized === statusItemProgress.success) return 'success';
  return 'active';
}

export function statusItem(title: string, progress: number): StatusItem {
  const normalized = normalizeProgress(progress);
  return { title, progress: normalized, status: statusOfProgress(normalized) };
}

/** A whole number from 1 to 20; `random` returns [0, 1) like Math.random. */
export function startProgress(random: () => number): number {
  const { min, max } = statusModalStartProgress;
  const fraction = Math.min(Math.max(random(), 0), 1);
  return Math.min(max, min + Math.floor(fraction * (max - min + 1)));
}

export type StatusModal<TButton extends string = string> = {
  readonly title: string;
  readonly buttons: readonly TButton[];
  readonly statusItems: readonly StatusItem[];
  readonly autoCloseDelay: number;
};

export function createStatusModal<TButton extends string = string>(
  title: string,
  statusItems: readonly StatusItem[],
  buttons: readonly TButton[] = [],
): StatusModal<TButton> {
  return { title, buttons, statusItems, autoCloseDelay: statusModalAutoCloseDelayMs };
}

/** Replaces the progress of the item with this title; other items are left as they are. */
export function withItemProgress<TButton extends string>(
  modal: StatusModal<TButton>,
  title: string,
  progress: number,
): StatusModal<TButton> {
  return {
    ...modal,
    statusItems: modal.statusItems.map((item) =>
      item.title === title ? statusItem(title, progress) : item,
    ),
  };
}

/**
 * The floor of the average item progress, an error counting as done (100) so a failed step does
 * not hold the bar below its end. No items: 0.
 */
export function totalProgress(statusItems: readonly StatusItem[]): number {
  if (statusItems.length === 0) return statusItemProgress.waiting;
  const sum = statusItems.reduce(
    (total, item) => total + (item.status === 'error' ? statusItemProgress.success : item.progress),
    0,
  );
  return Math.floor(sum / statusItems.length);
}

export type StatusModalView = {
  readonly progress: number;
  readonly danger: boolean;
  readonly running: boolean;
  /** Milliseconds after which the caller closes the modal; null while it must stay open. */
  readonly autoCloseAfterMs: number | null;
};

export function statusModalView(modal: StatusModal): StatusModalView {
  const progress = totalProgress(modal.statusItems);
  const danger = modal.statusItems.some((item) => item.status === 'error');
  const running = progress < statusItemProgress.success;
  const closes = !running && (!danger || modal.buttons.length === 0);
  return { progress, danger, running, autoCloseAfterMs: closes ? modal.autoCloseDelay : null };
}
