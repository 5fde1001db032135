/**
 * Unsaved changes are not lost by leaving (R-MAINT-6): a route change asks first, and closing or
 * reloading the tab gets the browser's own warning. `text` says what would be lost.
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { askYesNo } from '../components/dialogs/dialog-store';

export function useLeaveGuard(isDirty: boolean, saving: boolean, text: string): void {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !saving && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void askYesNo({
      title: t('resource.leaveTitle', { defaultValue: 'Leave without saving?' }),
      text,
      confirmText: t('resource.leave', { defaultValue: 'Leave' }),
      denyText: t('resource.stay', { defaultValue: 'Stay' }),
    }).then((answer) => (answer === 'yes' ? blocker.proceed() : blocker.reset()));
  }, [blocker, t, text]);
  useEffect(() => {
    if (!isDirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
}
