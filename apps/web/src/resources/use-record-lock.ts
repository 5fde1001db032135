/**
 * LockRecord while a record is being edited, UnlockRecord when editing ends (R-MAINT-6): a second
 * user opening the same record learns who is editing it. Locks are advisory; the version check on
 * save is what stops a lost update.
 */
import { useEffect, useState } from 'react';
import { lockAnswerSchema } from '@dispatch/domain/dispatch/hub-answers';
import { askDispatchHub, invokeDispatchHub } from '../realtime/dispatch-hub';

/** Who else holds the record, or null when this screen holds it (or the hub is not there). */
export function useRecordLock(
  table: string,
  id: number | undefined,
  editing: boolean,
): string | null {
  const [heldBy, setHeldBy] = useState<string | null>(null);
  useEffect(() => {
    if (id === undefined || !editing) return undefined;
    let active = true;
    let held = false;
    const tryLock = () =>
      askDispatchHub(lockAnswerSchema, 'LockRecord', table, id)
        .then((answer) => {
          if (!active) return;
          held = answer.locked;
          setHeldBy(answer.locked ? null : answer.heldBy);
        })
        .catch(() => {
          // No hub, no lock: saving still checks the version.
        });
    void tryLock();
    // Whoever held it may have finished: ask again now and then while the form stays open.
    const retry = setInterval(() => {
      if (!held) void tryLock();
    }, 10_000);
    return () => {
      active = false;
      clearInterval(retry);
      setHeldBy(null);
      if (held) void invokeDispatchHub('UnlockRecord', table, id).catch(() => undefined);
    };
  }, [table, id, editing]);
  return heldBy;
}
