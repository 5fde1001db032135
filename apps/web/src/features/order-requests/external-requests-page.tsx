/**
 * The external user's own page (R-OREQ-12), outside the staff shell: their orders, each opening its
 * pour page (R-TRACK-16), their requests with the outcome (read again every 15 seconds and on
 * focus, R-OREQ-8) and the form to request an order.
 * External users get no dispatch hub connection (R-EXT-1): the page ends any the login started.
 */
import { useEffect } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderRequestView } from '@dispatch/domain/orders/order-requests';
import { BrandMark } from '../../components/brand-mark';
import {
  myOrderRequestsQuery,
  orderRequestKeys,
  requesterAccountQuery,
  withdrawOrderRequest,
} from '../../data/order-requests/order-request-queries';
import { isLanguage, languages, setLanguage, type Language } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query-client';
import { stopConnectFlow } from '../../session/connect-flow';
import { logOutNow } from '../../session/logout';
import { useSession } from '../../session/session-store';
import { CustomerOrders } from './customer-orders';
import { RequestForm } from './request-form';
import { dayText, instantText, quantityText, statusColors, timeText } from './request-text';

/** The page has no staff shell around it, so it brings the app's query client itself. */
export function ExternalRequestsPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <ExternalRequests />
    </QueryClientProvider>
  );
}

function ExternalRequests() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const account = useQuery(requesterAccountQuery());
  const mine = useQuery(myOrderRequestsQuery());
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';

  useEffect(() => {
    void stopConnectFlow();
  }, []);

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Box
        component="header"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm">
              <BrandMark size={32} />
              <div>
                <Title order={1} size="h3">
                  {t('orderRequests.external.title')}
                </Title>
                {account.data?.customerName ? (
                  <Text size="sm" c="dimmed">
                    {t('orderRequests.external.customer', {
                      customer: account.data.customerName,
                    })}
                  </Text>
                ) : null}
              </div>
            </Group>
            <Group gap="xs">
              <Group gap={4} role="group" aria-label={t('login.language')}>
                {languages.map((option) => (
                  <Button
                    key={option}
                    size="compact-xs"
                    variant={option === language ? 'light' : 'subtle'}
                    color={option === language ? undefined : 'gray'}
                    aria-pressed={option === language}
                    lang={option}
                    onClick={() => void setLanguage(option)}
                  >
                    {t(`languages.${option}`)}
                  </Button>
                ))}
              </Group>
              <Text size="sm" fw={500}>
                {session.status.username}
              </Text>
              <Button variant="default" size="xs" onClick={() => void logOutNow()}>
                {t('orderRequests.external.signOut')}
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="lg">
        {account.isError ? (
          <Alert color="red">{account.error.message}</Alert>
        ) : account.isPending ? (
          <Group justify="center" p="xl">
            <Loader aria-label={t('app.loading')} />
          </Group>
        ) : (
          <>
            <CustomerOrders />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <RequestForm account={account.data} />
              <Stack gap="sm" component="section" aria-labelledby="my-requests-title">
                <Group justify="space-between">
                  <Title order={3} id="my-requests-title">
                    {t('orderRequests.external.listTitle')}
                  </Title>
                  {mine.isFetching ? <Loader size="xs" /> : null}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('orderRequests.external.polling')}
                </Text>
                {mine.isError ? <Alert color="red">{mine.error.message}</Alert> : null}
                {mine.data?.length === 0 ? (
                  <Paper withBorder radius="md" p="lg">
                    <Text c="dimmed" ta="center">
                      {t('orderRequests.external.none')}
                    </Text>
                  </Paper>
                ) : null}
                {(mine.data ?? []).map((request) => (
                  <RequestCard key={request.id} request={request} />
                ))}
              </Stack>
            </SimpleGrid>
          </>
        )}
      </Container>
    </Box>
  );
}

function RequestCard({ request }: { request: OrderRequestView }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const time = timeText(request.requestedTime);

  const handleWithdraw = async () => {
    try {
      await withdrawOrderRequest(request);
      notifications.show({
        color: 'teal',
        title: t('orderRequests.external.withdrawnTitle', { id: request.id }),
        message: '',
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('orderRequests.actionFailed'),
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      await queryClient.invalidateQueries({ queryKey: orderRequestKeys.mine() });
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-request-id={request.id}
      aria-label={t('orderRequests.external.requestNumber', { id: request.id })}
      component="article"
      style={{ borderLeft: `4px solid var(--mantine-color-${statusColors[request.status]}-6)` }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed">
            {t('orderRequests.external.requestNumber', { id: request.id })} ·{' '}
            {instantText(request.createdAt, i18n.language)}
          </Text>
          <Text fw={600}>
            {quantityText(request.quantity, i18n.language)} · {request.productNumber}{' '}
            {request.productDescription}
          </Text>
          <Text size="sm">
            {request.jobNumber}
            {request.jobAddress ? ` · ${request.jobAddress}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {dayText(request.requestedDate, i18n.language)}
            {time ? ` · ${time}` : ''}
          </Text>
        </div>
        <Badge color={statusColors[request.status]} variant="light" size="lg">
          {t(`orderRequests.statuses.${request.status}`)}
        </Badge>
      </Group>
      {request.status === 'accepted' && request.orderNumber !== null ? (
        <Text size="sm" fw={600} c="teal.8" mt={6}>
          {t('orderRequests.external.order', { number: request.orderNumber })}
        </Text>
      ) : null}
      {request.rejectReason ? (
        <Text size="sm" c="red.8" mt={6}>
          {t('orderRequests.external.reason', { reason: request.rejectReason })}
        </Text>
      ) : null}
      {request.status === 'pending' ? (
        <Group justify="flex-end" mt={6}>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            onClick={() => void handleWithdraw()}
            aria-label={t('orderRequests.external.withdrawLabel', { id: request.id })}
          >
            {t('orderRequests.external.withdraw')}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
