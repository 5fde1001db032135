/**
 * R-OREQ-11: order entry opened with `?fromRequest=<id>` starts from the online order request, and
 * its first save links the order to it (the accept route). Order entry calls this hook with how to
 * fill its form; the hook reads the request, fills the form once, shows where the order came from,
 * and links the saved order.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { orderPrefillOf, type OrderRequestPrefill } from '@dispatch/domain/orders/order-requests';
import { acceptOrderRequest, orderRequestKeys, orderRequestQuery } from './order-request-queries';

export const fromRequestParam = 'fromRequest';

export type RequestPrefill = {
  /** Where the order comes from, for the top of the form; null without a request. */
  banner: ReactNode;
  /** After a new order's first save: links it to the request and says how that went. */
  linkSavedOrder: (order: { id: number; number: number }) => Promise<void>;
};

export function useRequestPrefill(options: {
  /** Only a new order starts from a request. */
  enabled: boolean;
  apply: (prefill: OrderRequestPrefill) => void;
}): RequestPrefill {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const raw = params.get(fromRequestParam);
  const requestId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const active = options.enabled && requestId !== null;
  const request = useQuery({ ...orderRequestQuery(requestId ?? 0), enabled: active });
  const applied = useRef<number | null>(null);
  const apply = useRef(options.apply);
  useEffect(() => {
    apply.current = options.apply;
  });

  useEffect(() => {
    const data = request.data;
    if (!active || !data || data.status !== 'pending' || applied.current === data.id) return;
    applied.current = data.id;
    const prefill = orderPrefillOf(data);
    if (prefill) apply.current(prefill);
  }, [active, request.data]);

  let banner: ReactNode = null;
  if (active && request.isError) {
    banner = (
      <Alert color="red" title={t('orderRequests.prefill.failed')}>
        {request.error.message}
      </Alert>
    );
  } else if (active && request.data) {
    const data = request.data;
    banner =
      data.status === 'pending' ? (
        <Alert
          color="blue"
          variant="light"
          title={t('orderRequests.prefill.title', { id: data.id })}
        >
          <Text size="sm">
            {t('orderRequests.prefill.text', {
              customer: data.customerName,
              job: data.jobNumber,
              requestedBy: data.requestedBy,
            })}
          </Text>
          {data.notes ? (
            <Text size="sm" fs="italic">
              {data.notes}
            </Text>
          ) : null}
        </Alert>
      ) : (
        <Alert color="orange" title={t('orderRequests.prefill.decidedTitle', { id: data.id })}>
          {t(`orderRequests.prefill.decided.${data.status}`, {
            user: data.decidedBy ?? data.requestedBy,
          })}
        </Alert>
      );
  }

  const linkSavedOrder = async (order: { id: number; number: number }) => {
    const data = request.data;
    if (!active || !data || data.status !== 'pending') return;
    try {
      await acceptOrderRequest(data, { orderId: order.id });
      notifications.show({
        color: 'teal',
        title: t('orderRequests.prefill.linkedTitle', { id: data.id }),
        message: t('orderRequests.prefill.linkedText', { number: order.number }),
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        autoClose: false,
        title: t('orderRequests.prefill.linkFailed', { id: data.id }),
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      await queryClient.invalidateQueries({ queryKey: orderRequestKeys.all });
    }
  };

  return { banner, linkSavedOrder };
}
