/**
 * Above every route: the page itself plus what must survive navigation (the Connecting modal
 * stays up from the login page into the shell) and the dialogs. Both load only when first
 * needed, so the login page does not pay for them.
 */
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { dialogStore } from '../components/dialogs/dialog-store';
import { useStore } from '../lib/store';
import { connectFlowStore } from '../session/connect-flow-state';

const ConnectFlowModal = lazy(async () => ({
  default: (await import('../session/connect-flow-modal')).ConnectFlowModal,
}));
const DialogHost = lazy(async () => ({
  default: (await import('../components/dialogs/dialog-host')).DialogHost,
}));

export function RootLayout() {
  const flow = useStore(connectFlowStore);
  const dialogs = useStore(dialogStore);
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        {flow !== null ? <ConnectFlowModal /> : null}
        {dialogs.length > 0 ? <DialogHost /> : null}
      </Suspense>
    </>
  );
}
