/**
 * Issue 27, R-TRACK-1: the contractor's link of a saved order. Making one replaces the link the
 * order had (the server keeps only its hash, so an old link cannot be shown again); it can be
 * copied, sent by e-mail to the order's addresses, or revoked.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trackingLinkSchema, type TrackingLink } from '@dispatch/domain/tracking/tracking-link';
import { apiRequest, apiSend } from '../../lib/api-client';
import { dateLocale } from '../../lib/i18n/i18n';
import type { OrderDetail } from './order-entry-api';
import { OrderNoticesList } from './order-notices-list';

const linkPath = (orderId: number) => `/api/v1/orders/${orderId}/tracking-link`;

/** The order's ticket and invoice addresses, as the order keeps them (a comma-separated list). */
function addressesOf(order: OrderDetail): string {
  return typeof order.emailAddressCsv === 'string' ? order.emailAddressCsv : '';
}

function mailtoOf(order: OrderDetail, link: TrackingLink, subject: string, body: string): string {
  const to = addressesOf(order)
    .split(/[,;]/)
    .map((address) => address.trim())
    .filter(Boolean)
    .join(',');
  const query = new URLSearchParams({ subject, body: `${body}\n\n${link.url}` });
  return `mailto:${to}?${query.toString().replace(/\+/g, '%20')}`;
}

export function TrackingLinkButton({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [link, setLink] = useState<TrackingLink | null>(null);
  const [revoked, setRevoked] = useState(false);
  const [copied, setCopied] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  const make = () =>
    run(async () => {
      setLink(await apiRequest('POST', linkPath(order.id), undefined, trackingLinkSchema));
      setRevoked(false);
      setCopied(false);
    });
  const revoke = () =>
    run(async () => {
      await apiSend('DELETE', linkPath(order.id));
      setLink(null);
      setRevoked(true);
    });
  const copy = async (url: string) => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };
  const expires = link
    ? new Date(link.expiresAt).toLocaleString(dateLocale(), {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : '';

  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('orderEntry.trackingLink.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('orderEntry.trackingLink.title', { number: order.number })}
      >
        <Stack gap="sm">
          <Text size="sm">{t('orderEntry.trackingLink.text')}</Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {revoked && <Alert color="gray">{t('orderEntry.trackingLink.revoked')}</Alert>}
          {link && (
            <>
              <TextInput
                label={t('orderEntry.trackingLink.url')}
                value={link.url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
              />
              <Text size="sm" c="dimmed">
                {t('orderEntry.trackingLink.expires', { when: expires })}
              </Text>
              <Group gap="xs">
                <Button onClick={() => void copy(link.url)}>
                  {copied ? t('orderEntry.trackingLink.copied') : t('orderEntry.trackingLink.copy')}
                </Button>
                <Button
                  variant="default"
                  component="a"
                  href={mailtoOf(
                    order,
                    link,
                    t('orderEntry.trackingLink.mailSubject', { number: order.number }),
                    t('orderEntry.trackingLink.mailBody', { number: order.number }),
                  )}
                >
                  {t('orderEntry.trackingLink.email')}
                </Button>
              </Group>
              {addressesOf(order) !== '' && (
                <Text size="sm" c="dimmed">
                  {t('orderEntry.trackingLink.emailTo', { addresses: addressesOf(order) })}
                </Text>
              )}
            </>
          )}
          <Group justify="space-between" mt="xs">
            <Button variant="subtle" color="red" onClick={() => void revoke()} loading={pending}>
              {t('orderEntry.trackingLink.revoke')}
            </Button>
            <Button variant="light" onClick={() => void make()} loading={pending}>
              {link ? t('orderEntry.trackingLink.again') : t('orderEntry.trackingLink.make')}
            </Button>
          </Group>
          <OrderNoticesList orderId={order.id} />
        </Stack>
      </Modal>
    </>
  );
}
