/**
 * The driver app's calls (R-DRV-1..4, R-GPS-10..14, R-ETICKET-1): the day, and the outbox's
 * sender, each answer parsed with its schema of packages/domain.
 */
import { driverDaySchema, type DriverDay } from '@dispatch/domain/driver/driver-day';
import { ticketDeliveryViewSchema } from '@dispatch/domain/tickets/ticket-delivery';
import { truckPositionsAnswerSchema } from '@dispatch/domain/trucks/truck-positions';
import { truckLiveViewResponseSchema } from '@dispatch/domain/trucks/truck-views';
import type { z } from 'zod';
import { ApiError, apiGet, apiRequest, getServerBaseUrl } from '../../lib/api-client';
import { fieldProblemsOf } from '../../lib/field-problems';
import { getAccessToken } from '../../session/access-token';
import type { OutboxItem, OutboxKind, SendResult } from './outbox';

export const driverPaths = {
  today: '/api/v1/driver/today',
  status: '/api/v1/driver/status',
  positions: (truckId: number) => `/api/v1/trucks/${truckId}/positions`,
  delivery: (ticketId: number) => `/api/v1/tickets/${ticketId}/delivery`,
  ticketPdf: (ticketId: number) => `/api/v1/tickets/${ticketId}/ticket.pdf`,
} as const;

export type DayResult =
  | { readonly kind: 'day'; readonly day: DriverDay }
  /** 404: the user drives no truck; the server's message says so. */
  | { readonly kind: 'noTruck'; readonly message: string }
  | { readonly kind: 'signedOut' }
  | { readonly kind: 'failed'; readonly message: string; readonly offline: boolean };

export async function fetchDriverDay(signal?: AbortSignal): Promise<DayResult> {
  try {
    return { kind: 'day', day: await apiGet(driverPaths.today, driverDaySchema, { signal }) };
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 404) return { kind: 'noTruck', message: error.message };
      if (error.status === 401) return { kind: 'signedOut' };
      return { kind: 'failed', message: error.message, offline: error.status >= 500 };
    }
    return {
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
      offline: error instanceof TypeError,
    };
  }
}

const answers: Record<OutboxKind, z.ZodType> = {
  status: truckLiveViewResponseSchema,
  positions: truckPositionsAnswerSchema,
  delivery: ticketDeliveryViewSchema,
};

/** Sends one outbox item; no network is status 0. */
export async function sendOutboxItem(item: OutboxItem, body: unknown): Promise<SendResult> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return { ok: false, status: 0, message: 'offline' };
  }
  try {
    return { ok: true, answer: await apiRequest(item.method, item.path, body, answers[item.kind]) };
  } catch (error) {
    if (error instanceof ApiError) {
      const fieldProblems = fieldProblemsOf(error);
      return {
        ok: false,
        status: error.status,
        message: error.message,
        ...(Object.keys(fieldProblems).length > 0 ? { fieldProblems } : {}),
      };
    }
    // fetch's TypeError is no network; an answer of another shape is the server's fault.
    return error instanceof TypeError
      ? { ok: false, status: 0, message: error.message }
      : { ok: false, status: 422, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The truck version a status change answered. */
export function truckVersionOf(answer: unknown): number | null {
  const parsed = truckLiveViewResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data.version : null;
}

/**
 * Opens the ticket's PDF (R-DISP-9). A window cannot send the token, so the PDF is fetched with it
 * and shown as a blob URL; the window opens at the tap, before the fetch, so no blocker stops it.
 */
export async function openTicketPdf(ticketId: number): Promise<boolean> {
  const opened = window.open('', '_blank');
  const token = getAccessToken();
  try {
    const response = await fetch(`${getServerBaseUrl()}${driverPaths.ticketPdf(ticketId)}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) throw new Error(String(response.status));
    const url = URL.createObjectURL(await response.blob());
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    if (opened) opened.location.href = url;
    else window.location.href = url;
    return true;
  } catch {
    opened?.close();
    return false;
  }
}
