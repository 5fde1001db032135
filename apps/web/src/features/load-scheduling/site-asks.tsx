/**
 * R-TRACK-8: what the site asked from the pour page and dispatch has not answered: a live badge on
 * the order's row (it comes and goes with orderRequestUpdate_v1), opening the requests screen.
 */
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BoardOrder } from '@dispatch/domain/dispatch/load-board';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';

const onlineOrderRequestsPath = menuEntryByEnumId('OnlineOrderRequests')!.path!;

export function SiteAsks({ order }: { order: BoardOrder }) {
  const { t } = useTranslation();
  const asks = order.pourRequests;
  const [first] = asks;
  if (!first) return null;
  const lines = asks.map((ask) =>
    [t(`loadScheduling.siteAsks.${ask.kind}`), ask.callbackPhone, ask.notes]
      .filter(Boolean)
      .join(' · '),
  );
  return (
    <Tooltip
      label={[...lines, t('loadScheduling.siteAsksOpen')].map((line) => (
        <div key={line}>{line}</div>
      ))}
      multiline
      maw={320}
      withinPortal
    >
      <Badge
        component={Link}
        to={onlineOrderRequestsPath}
        size="xs"
        color="orange"
        variant="filled"
        tt="none"
        maw="14rem"
        style={{ cursor: 'pointer', flexShrink: 0 }}
      >
        {asks.length === 1
          ? t(`loadScheduling.siteAsks.${first.kind}`)
          : t('loadScheduling.siteAsksMore', { count: asks.length })}
      </Badge>
    </Tooltip>
  );
}
