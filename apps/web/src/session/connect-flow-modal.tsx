/** Shows the connect flow: the Connecting modal and, over it, the skip confirmation. */
import {
  connectFlowButtons,
  connectFlowItems,
  connectFlowTitle,
  skipConfirmation,
} from '@dispatch/domain/connection/connect-flow';
import { useTranslation } from 'react-i18next';
import { StatusModal } from '../components/dialogs/status-modal';
import { YesNoDialog } from '../components/dialogs/yes-no-dialog';
import { translateMessage } from '../lib/i18n/i18n';
import { confirmSkipClassic, denySkipClassic, pressConnectFlowButton } from './connect-flow';
import { useConnectFlow } from './connect-flow-state';

const labelKeys: Record<string, string> = {
  [connectFlowTitle]: 'connect.title',
  [connectFlowItems.dispatcher]: 'connect.dispatcher',
  [connectFlowItems.classic]: 'connect.classic',
  [connectFlowButtons.retryDispatcher]: 'connect.retryDispatcher',
  [connectFlowButtons.skipIntercom]: 'connect.skipIntercom',
  [connectFlowButtons.retryIntercom]: 'connect.retryIntercom',
};

export function ConnectFlowModal() {
  const { t } = useTranslation();
  const flow = useConnectFlow();
  if (flow === null) return null;
  const label = (text: string): string => {
    const key = labelKeys[text];
    return key === undefined ? text : t(key, { defaultValue: text });
  };
  const confirmation = flow.confirmation;
  return (
    <>
      <StatusModal
        opened={flow.visible && confirmation === null}
        title={flow.modal.title}
        items={flow.modal.statusItems}
        progress={flow.view.progress}
        danger={flow.view.danger}
        running={flow.view.running}
        buttons={flow.modal.buttons}
        label={label}
        onButton={pressConnectFlowButton}
      />
      <YesNoDialog
        opened={confirmation !== null}
        title={t('dialogs.skipTitle', { defaultValue: skipConfirmation.title })}
        text={confirmation ? translateMessage(confirmation.text) : undefined}
        tone="danger"
        onConfirm={confirmSkipClassic}
        onDeny={denySkipClassic}
      />
    </>
  );
}
