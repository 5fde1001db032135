/** Shows the dialogs asked for through dialog-store, the oldest first. */
import { useStore } from '../../lib/store';
import { dialogStore } from './dialog-store';
import { InsufficientPermissionDialog } from './insufficient-permission-dialog';
import { OkDialog } from './ok-dialog';
import { YesNoDialog } from './yes-no-dialog';

export function DialogHost() {
  const queue = useStore(dialogStore);
  const dialog = queue[0];
  if (dialog === undefined) return null;
  switch (dialog.kind) {
    case 'yesNo':
      return (
        <YesNoDialog
          key={dialog.id}
          opened
          {...dialog.request}
          onConfirm={() => dialog.settle('yes')}
          onDeny={() => dialog.settle('no')}
          onCancel={() => dialog.settle('cancel')}
        />
      );
    case 'ok':
      return <OkDialog key={dialog.id} opened {...dialog.request} onClose={dialog.settle} />;
    case 'insufficientPermission':
      return (
        <InsufficientPermissionDialog
          key={dialog.id}
          opened
          formName={dialog.formName}
          onClose={dialog.settle}
        />
      );
  }
}
