/**
 * publish and writeAndPublish are typed by the hub's event map: a payload that is not the one its
 * name carries does not compile (the @ts-expect-error lines fail typecheck if it ever does).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { payloadOf, publish, writeAndPublish, type PublishedEvent } from './publish';

/** Never called: these lines exist for the type checker. */
async function typeChecks(tx: Tx, db: Db) {
  await publish(db, { name: 'orderDelete_v1', data: { id: 1 } });
  await publish(tx, { name: 'orderDelete_v1', data: { ids: [1, 2] } });
  // @ts-expect-error orderDelete_v1 carries { id }, not a ticket's fields.
  await publish(tx, { name: 'orderDelete_v1', data: { ticketId: 1, modifiedBy: 'x' } });
  // @ts-expect-error a name the hub does not send.
  await publish(tx, { name: 'orderDeleted_v1', data: { id: 1 } });
  await writeAndPublish(tx, sql`(select 1)`, {
    name: 'ticketModifiedNotification_v1',
    // @ts-expect-error modifiedBy is a user name, not a number.
    data: { ticketId: 1, modifiedBy: 7 },
  });
  const events: PublishedEvent[] = [
    { name: 'permissionsChanged_v1', data: { userIds: [1] } },
    // @ts-expect-error permissionsChanged_v1 carries userIds.
    { name: 'permissionsChanged_v1', data: { id: 1 } },
  ];
  await writeAndPublish(tx, sql`(select 1)`, events);
}

describe('publish', () => {
  it('is typed by the event map (see typeChecks) and sends the name and data', () => {
    expect(typeChecks).toBeTypeOf('function');
    expect(JSON.parse(payloadOf({ name: 'orderDelete_v1', data: { id: 5 } }))).toEqual({
      name: 'orderDelete_v1',
      data: { id: 5 },
    });
  });
});
