/**
 * R-PEND-8: the pending rows as a grid: what the order is, for whom, when and where, why it waits,
 * the customer's credit as it is now, and what can be done with it from here.
 */
import {
  Anchor,
  Badge,
  Button,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuEntryByEnumId, systemTypeForm } from '@dispatch/domain/menu/menu-catalogue';
import {
  pendingActionsOf,
  type PendingKind,
  type PendingRow,
} from '@dispatch/domain/orders/pending-orders';
import { isSystemTypeId } from '@dispatch/domain/system-types';
import { lookupText } from '../../lib/i18n/lookup-text';

export const kindColors: Readonly<Record<PendingKind, string>> = {
  hold: 'orange',
  willCall: 'indigo',
  request: 'cyan',
};

export const requestsPath = menuEntryByEnumId('OnlineOrderRequests')?.path ?? '';

/** The order's own order entry (R-PEND-8), by its system type. */
export function orderPath(row: PendingRow): string | null {
  if (row.kind === 'request' || !isSystemTypeId(row.systemTypeId)) return null;
  return `${systemTypeForm('orderEntry', row.systemTypeId).path}/${row.id}`;
}

export type RowFormat = {
  date: (day: string) => string;
  time: (row: PendingRow) => string;
  quantity: (value: number) => string;
};

type Props = {
  rows: readonly PendingRow[];
  format: RowFormat;
  canWrite: (row: PendingRow) => boolean;
  /** The row whose action is under way: its buttons wait. */
  busyId: number | null;
  onRelease: (row: PendingRow) => void;
  onCallIn: (row: PendingRow) => void;
  onCancel: (row: PendingRow) => void;
};

export const rowKey = (row: PendingRow) => `${row.kind}-${row.id}`;

const nowrap = { whiteSpace: 'nowrap' } as const;
/** A chip is as wide as its words: a narrow column must not clip a status to "On…". */
const unclipped = { label: { overflow: 'visible', textOverflow: 'clip' } } as const;

function OrderCell({ row }: { row: PendingRow }) {
  const { t } = useTranslation();
  const path = orderPath(row);
  if (!path) {
    return (
      <Text size="sm" c="dimmed">
        {t('pendingOrders.requestNumber', { id: row.id })}
      </Text>
    );
  }
  return (
    <Anchor
      component={Link}
      to={path}
      fw={600}
      aria-label={t('pendingOrders.openOrder', { number: row.number })}
    >
      {row.number}
    </Anchor>
  );
}

function ProductLine({ row, format }: { row: PendingRow; format: RowFormat }) {
  const { t } = useTranslation();
  if (!row.productDescription) return null;
  // R-DELIV-2: a held or will-call order may already have loads delivered.
  const shipped =
    row.quantity !== null && row.deliveredQuantity
      ? t('pendingOrders.deliveredOf', {
          delivered: format.quantity(row.deliveredQuantity),
          ordered: format.quantity(row.quantity),
        })
      : null;
  const quantity =
    shipped !== null
      ? ` · ${shipped}`
      : row.quantity === null
        ? ''
        : ` · ${format.quantity(row.quantity)}`;
  return (
    <Text size="xs" c="dimmed" lineClamp={1} maw={150} title={row.productDescription}>
      {row.productDescription}
      {quantity}
    </Text>
  );
}

function CreditBadge({ row }: { row: PendingRow }) {
  const { t } = useTranslation();
  if (!row.creditStatus) {
    return (
      <Text size="sm" c="dimmed">
        {t('pendingOrders.noCreditStatus')}
      </Text>
    );
  }
  return (
    <Tooltip
      label={t(row.creditHoldsOrders ? 'pendingOrders.creditHolds' : 'pendingOrders.creditClear')}
      withArrow
    >
      <Badge
        variant={row.creditHoldsOrders ? 'filled' : 'light'}
        color={row.creditHoldsOrders ? 'red' : 'teal'}
        tt="none"
        styles={unclipped}
      >
        {lookupText('creditStatuses', row.creditStatus)}
      </Badge>
    </Tooltip>
  );
}

function RowActions({
  row,
  canWrite,
  busyId,
  onRelease,
  onCallIn,
  onCancel,
}: Props & { row: PendingRow }) {
  const { t } = useTranslation();
  const actions = pendingActionsOf(row.kind);
  if (row.kind === 'request') {
    return (
      <Button component={Link} to={requestsPath} size="compact-sm" variant="light" color="cyan">
        {t('pendingOrders.answerRequest')}
      </Button>
    );
  }
  const allowed = canWrite(row);
  const busy = busyId === row.id;
  const label = (action: string) => t(`pendingOrders.actions.${action}`);
  const named = (action: string) =>
    t('pendingOrders.actionOn', { action: label(action), number: row.number });
  const buttons = (
    <Group gap={6} wrap="nowrap">
      {actions.includes('release') ? (
        <Button
          size="compact-sm"
          variant="light"
          color="teal"
          disabled={!allowed}
          loading={busy}
          aria-label={named('release')}
          onClick={() => onRelease(row)}
        >
          {label('release')}
        </Button>
      ) : null}
      {actions.includes('callIn') ? (
        <Button
          size="compact-sm"
          variant="light"
          disabled={!allowed || busy}
          aria-label={named('callIn')}
          onClick={() => onCallIn(row)}
        >
          {label('callIn')}
        </Button>
      ) : null}
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        disabled={!allowed || busy}
        aria-label={named('cancel')}
        onClick={() => onCancel(row)}
      >
        {label('cancel')}
      </Button>
    </Group>
  );
  return allowed ? (
    buttons
  ) : (
    <Tooltip label={t('pendingOrders.readOnly')} withArrow>
      <div>{buttons}</div>
    </Tooltip>
  );
}

export function PendingOrdersTable(props: Props) {
  const { t } = useTranslation();
  const { rows, format } = props;
  return (
    <Table.ScrollContainer minWidth={1080}>
      <Table
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="xs"
        aria-label={t('pendingOrders.title')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={nowrap}>{t('pendingOrders.columns.number')}</Table.Th>
            <Table.Th style={nowrap} miw={140}>
              {t('pendingOrders.columns.customer')}
            </Table.Th>
            <Table.Th style={nowrap}>{t('pendingOrders.columns.job')}</Table.Th>
            <Table.Th>{t('pendingOrders.columns.shipDate')}</Table.Th>
            <Table.Th style={nowrap}>{t('pendingOrders.columns.plant')}</Table.Th>
            <Table.Th style={nowrap}>{t('pendingOrders.columns.status')}</Table.Th>
            <Table.Th style={nowrap} miw={150}>
              {t('pendingOrders.columns.reason')}
            </Table.Th>
            <Table.Th>{t('pendingOrders.columns.credit')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('pendingOrders.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-kind={row.kind}>
              <Table.Td>
                <Stack gap={0}>
                  <OrderCell row={row} />
                  <ProductLine row={row} format={format} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {row.customerName}
                  </Text>
                  {row.customerNumber ? (
                    <Text size="xs" c="dimmed">
                      {row.customerNumber}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                {row.jobNumber ? (
                  <Stack gap={0}>
                    <Text size="sm">{row.jobNumber}</Text>
                    {row.jobAddress ? (
                      <Text size="xs" c="dimmed" lineClamp={1} title={row.jobAddress}>
                        {row.jobAddress}
                      </Text>
                    ) : null}
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Stack gap={0}>
                  <Text size="sm">{format.date(row.shipDate)}</Text>
                  <Text size="xs" c="dimmed">
                    {format.time(row) || t('pendingOrders.noTime')}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.plantName ?? '—'}</Text>
              </Table.Td>
              <Table.Td style={nowrap}>
                <Badge color={kindColors[row.kind]} variant="light" tt="none" styles={unclipped}>
                  {t(`pendingOrders.kinds.${row.kind}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2} title={row.reason ?? undefined}>
                  {row.reason ?? (
                    <Text span size="sm" c="dimmed">
                      {t('pendingOrders.noReason')}
                    </Text>
                  )}
                </Text>
              </Table.Td>
              <Table.Td style={nowrap}>
                <CreditBadge row={row} />
              </Table.Td>
              <Table.Td style={nowrap}>
                <RowActions {...props} row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
