/**
 * The live states of the dispatcher and classic links (R-DISPATCH-1, R-CLASSIC-1), for the top bar.
 */
import { Badge, Group, Tooltip } from '@mantine/core';
import { classicDisplayState } from '@dispatch/domain/connection/classic-connection';
import { useTranslation } from 'react-i18next';
import { useClassicConnection, useDispatchState } from '../../realtime/connection-status';
import { useSession } from '../../session/session-store';

type ShownState = 'connected' | 'connecting' | 'disconnected' | 'skipped';

const colorOf: Record<ShownState, string> = {
  connected: 'teal',
  connecting: 'yellow',
  disconnected: 'red',
  skipped: 'gray',
};

function StateBadge(props: {
  readonly name: string;
  readonly state: ShownState;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const stateLabel = t(`shell.states.${props.state}`);
  return (
    <Tooltip label={`${props.name}: ${stateLabel}`} withArrow>
      <Badge
        color={colorOf[props.state]}
        variant="dot"
        size="md"
        radius="sm"
        aria-label={`${props.name}: ${stateLabel}`}
        data-state={props.state}
        styles={{ root: { textTransform: 'none', background: 'var(--mantine-color-body)' } }}
      >
        {`${props.name} · ${stateLabel}`}
      </Badge>
    </Tooltip>
  );
}

export function ConnectionBadges({ compact }: { readonly compact: boolean }) {
  const { t } = useTranslation();
  const dispatch = useDispatchState();
  const classic = useClassicConnection();
  const { skipMode } = useSession();
  const classicState: ShownState = skipMode ? 'skipped' : classicDisplayState(classic.state);
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={t('shell.connections')}>
      <StateBadge name={t('shell.dispatcher')} state={dispatch} compact={compact} />
      <StateBadge name={t('shell.classic')} state={classicState} compact={compact} />
    </Group>
  );
}
