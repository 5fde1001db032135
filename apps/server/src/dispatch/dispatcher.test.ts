import { HubConnectionState } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';
import { hashPassword } from '../auth/passwords';
import { userGroups, users } from '../db/schema/auth';
import { trucks } from '../db/schema/trucks';
import { seedReferenceData } from '../../seed/reference-data';
import { insertPlant, insertTruckLookups } from '../../test/truck-fixtures';
import type { HubClient } from '../../test/hub-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { databaseKinds, uniqueDatabaseName } from '../../test/test-tenancy';
import { startTestHub, type TestHub } from '../../test/test-hub';
import { maxAccessFlags } from './dispatcher';
import { publish } from './publish';
import { createSimulatedScaleSource } from './scales';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Several dispatcher and API processes on one PostgreSQL server: scale-out.test.ts.
describe.each(databaseKinds)('DispatchHub on %s', (kind) => {
  let t: TestApp;
  let hub: TestHub;
  let otherDatabase: string;
  const tokens: Record<string, string> = {};
  let truckId: number;
  let pitId: number;

  const connect = (token: string): Promise<HubClient> => hub.connect(token);
  const loggedIn = (who: string, database = t.database) => hub.login(who, tokens[who]!, database);
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[who]}` },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const full = { 50401: 5, 51507: 5 };
    await t.addUser({ username: 'Ann', groupIds: [1001, 1002], permissions: full });
    await t.addUser({ username: 'bob', groupIds: [1001], permissions: full });
    await t.addUser({ username: 'boss', isSysadmin: true, permissions: full });
    tokens.Ann = await t.login('Ann');
    tokens.bob = await t.login('bob', undefined, { seat_token: 'seat-bob-desk' });
    tokens.boss = await t.login('boss');

    // A second named database on the same server, with a user of its own.
    otherDatabase = uniqueDatabaseName('OTHER');
    await t.tenancy.create(otherDatabase);
    const { db: otherDb } = await t.tenancy.open(otherDatabase);
    await seedReferenceData(otherDb);
    const [carl] = await otherDb
      .insert(users)
      .values({ username: 'carl', passwordHash: await hashPassword('secret-pass') })
      .returning({ id: users.id });
    await otherDb.insert(userGroups).values({ userId: carl!.id, groupId: 1001 });
    const login = await t.app.inject({
      method: 'POST',
      url: '/token',
      headers: { database: otherDatabase, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'client_id=carl&client_secret=secret-pass&grant_type=client_credentials',
    });
    tokens.carl = login.json<{ access_token: string }>().access_token;

    await insertTruckLookups(t.db);
    const north = await insertPlant(t.db, 'North');
    pitId = await insertPlant(t.db, 'Quarry', 2);
    const [truck] = await t.db
      .insert(trucks)
      .values({ identificationNumber: '21', plantId: north, statusId: truckStatusIds.inYard })
      .returning({ id: trucks.id });
    truckId = truck!.id;

    hub = await startTestHub(t, { scaleSource: createSimulatedScaleSource({ intervalMs: 40 }) });
  });

  afterAll(async () => {
    await hub.close();
    await t.close();
  });

  it('refuses a connection without a live access token', async () => {
    await expect(connect('DEMO.not-a-token')).rejects.toThrow(/401|Unauthorized/i);
    await expect(connect('')).rejects.toThrow();
  });

  it('logs a connection in only with its own user, token and database', async () => {
    const client = await connect(tokens.Ann!);
    await expect(
      client.connection.invoke('Login', 'bob', tokens.Ann, 43200, t.database),
    ).rejects.toThrow(/does not belong to that user/);
    await expect(
      client.connection.invoke('Login', 'Ann', tokens.Ann, 43200, otherDatabase),
    ).rejects.toThrow(/does not belong to that database/);
    await expect(client.connection.invoke('Login', 'Ann', '', 43200, t.database)).rejects.toThrow(
      /token is required/,
    );
    await expect(client.connection.invoke('LockRecord', 'orders', 1)).rejects.toThrow(
      /call Login first/,
    );
    expect(await client.connection.invoke('login', 'ANN', tokens.Ann, '43200', t.database)).toEqual(
      expect.objectContaining({ loggedIn: true, username: 'Ann' }),
    );
  });

  it('delivers a truck status change to every logged-in connection of that database, and no other', async () => {
    const ann = await loggedIn('Ann');
    const bob = await loggedIn('bob');
    const notLoggedIn = await connect(tokens.Ann!);
    const carl = await loggedIn('carl', otherDatabase);

    const response = await api('PUT', `/api/v1/trucks/${truckId}/status`, 'Ann', {
      statusId: truckStatusIds.loading,
    });
    expect(response.statusCode).toBe(200);
    const isTruck = (data: unknown) => (data as { id: number }).id === truckId;
    for (const client of [ann, bob]) {
      expect(await client.next('truckUpdate_v1', isTruck)).toMatchObject({
        id: truckId,
        statusId: truckStatusIds.loading,
        statusDescription: 'Loading',
      });
    }
    await sleep(300);
    expect(notLoggedIn.received).toEqual([]);
    expect(carl.received).toEqual([]);

    // Logged out, a connection hears nothing more.
    await bob.connection.invoke('Logout');
    bob.received.splice(0);
    await api('PUT', `/api/v1/trucks/${truckId}/status`, 'Ann', {
      statusId: truckStatusIds.loaded,
    });
    await ann.next(
      'truckUpdate_v1',
      (d) => isTruck(d) && (d as { statusId: number }).statusId === truckStatusIds.loaded,
    );
    await sleep(200);
    expect(bob.received.filter((event) => event.name === 'truckUpdate_v1')).toEqual([]);
  });

  it("keeps a truck's changes to the users of its plant's system type (R-PERM-2)", async () => {
    const [pitTruck] = await t.db
      .insert(trucks)
      .values({ identificationNumber: 'Q7', plantId: pitId, statusId: truckStatusIds.inYard })
      .returning({ id: trucks.id });
    const ann = await loggedIn('Ann');
    const bob = await loggedIn('bob');
    const isPitTruck = (data: unknown) => (data as { id: number }).id === pitTruck!.id;

    const moved = await api('PUT', `/api/v1/trucks/${pitTruck!.id}/status`, 'Ann', {
      statusId: truckStatusIds.loading,
    });
    expect(moved.statusCode).toBe(200);
    // Ann dispatches concrete and aggregate; bob concrete only, and may not move it either.
    expect(await ann.next('truckUpdate_v1', isPitTruck)).toMatchObject({ id: pitTruck!.id });
    const refused = await api('PUT', `/api/v1/trucks/${pitTruck!.id}/status`, 'bob', {
      statusId: truckStatusIds.toJob,
    });
    expect(refused.statusCode).toBe(404);
    // A concrete truck's change, sent after, reaches bob: the aggregate one had its chance first.
    await api('PUT', `/api/v1/trucks/${truckId}/status`, 'Ann', {
      statusId: truckStatusIds.inYard,
    });
    await bob.next('truckUpdate_v1', (data) => (data as { id: number }).id === truckId);
    expect(bob.all('truckUpdate_v1', isPitTruck)).toEqual([]);
  });

  it('lets one connection hold a record, tells others who holds it, and frees it on disconnect', async () => {
    const ann = await loggedIn('Ann');
    const bob = await loggedIn('bob');
    expect(await ann.connection.invoke('LockRecord', 'Orders', 7)).toEqual({
      locked: true,
      heldBy: 'Ann',
    });
    expect(await ann.connection.invoke('LockRecord', 'orders', 7)).toEqual({
      locked: true,
      heldBy: 'Ann',
    });
    expect(await bob.connection.invoke('LockRecord', 'orders', 7)).toEqual({
      locked: false,
      heldBy: 'Ann',
    });
    expect(await bob.connection.invoke('LockRecord', 'orders', 8)).toMatchObject({ locked: true });
    await expect(bob.connection.invoke('LockRecord', 'orders', 'x')).rejects.toThrow(/LockRecord/);

    await ann.connection.stop();
    const deadline = Date.now() + 3000;
    let answer: unknown;
    do {
      answer = await bob.connection.invoke('LockRecord', 'orders', 7);
    } while ((answer as { locked: boolean }).locked === false && Date.now() < deadline);
    expect(answer).toEqual({ locked: true, heldBy: 'bob' });
    expect(await bob.connection.invoke('UnlockRecord', 'orders', 7)).toBe(true);
  });

  it('streams a scale to the connections subscribed to it', async () => {
    const ann = await loggedIn('Ann');
    await expect(ann.connection.invoke('SubscribeToScale', 999_999)).rejects.toThrow(
      /no scale 999999/,
    );
    expect(await ann.connection.invoke('SubscribeToScale', pitId)).toBe(true);
    const reading = await ann.next('updateScale_v1');
    expect(reading).toMatchObject({ scaleId: pitId, plantId: pitId, unit: 'lb' });
    expect((reading as { weight: number }).weight).toBeGreaterThanOrEqual(0);

    expect(await ann.connection.invoke('UnsubscribeFromScale', pitId)).toBe(true);
    await sleep(150);
    ann.received.splice(0);
    await sleep(200);
    expect(ann.received.filter((event) => event.name === 'updateScale_v1')).toEqual([]);
  });

  it('answers Ping, PrintTicket and the connection access flags', async () => {
    const ann = await loggedIn('Ann');
    const ping = await ann.connection.invoke<{ serverTime: string }>('Ping');
    expect(Date.parse(ping.serverTime)).not.toBeNaN();
    expect(await ann.next('ping')).toEqual(ping);

    const reply = await ann.connection.invoke('PrintTicket', 424242);
    expect(reply).toMatchObject({ ticketId: 424242, printed: false });
    expect(await ann.next('ticketPrintReply_v1')).toEqual(reply);

    expect(await ann.connection.invoke('SetConnectionAccessFlag', 'orderEntry')).toEqual([
      'orderEntry',
    ]);
    expect(await ann.connection.invoke('RemoveConnectionAccessFlag', 'orderEntry')).toEqual([]);
  });

  it('keeps the time of each Ping in the connection list (R-HUB-1)', async () => {
    const ann = await loggedIn('Ann');
    const annId = ann.connection.connectionId;
    const row = () => hub.connections().find((each) => each.connectionId === annId);
    expect(row()).toMatchObject({ username: 'Ann', loggedIn: true, lastPingAt: null });

    const first = await ann.connection.invoke<{ serverTime: string }>('Ping');
    expect(row()?.lastPingAt).toBe(first.serverTime);
    await sleep(5);
    const second = await ann.connection.invoke<{ serverTime: string }>('Ping');
    expect(Date.parse(second.serverTime)).toBeGreaterThan(Date.parse(first.serverTime));
    expect(row()?.lastPingAt).toBe(second.serverTime);
  });

  it('sends an access-flagged event only to the connections that set the flag (R-HUB-1)', async () => {
    const ann = await loggedIn('Ann');
    const bob = await loggedIn('bob');
    const flagged = (ids: number[]) =>
      publish(t.db, {
        name: 'ticketModifiedNotification_v1',
        data: { ids },
        accessFlag: 'ticketing',
      });
    const hasIds = (ids: number[]) => (data: unknown) =>
      JSON.stringify((data as { ids?: unknown }).ids) === JSON.stringify(ids);

    expect(await ann.connection.invoke('SetConnectionAccessFlag', 'ticketing')).toEqual([
      'ticketing',
    ]);
    expect(await ann.connection.invoke('SetConnectionAccessFlag', 'scales')).toEqual([
      'scales',
      'ticketing',
    ]);
    const rowOf = (client: HubClient) =>
      hub.connections().find((each) => each.connectionId === client.connection.connectionId);
    expect(rowOf(ann)?.accessFlags).toEqual(['scales', 'ticketing']);
    expect(rowOf(bob)?.accessFlags).toEqual([]);

    await flagged([1]);
    await ann.next('ticketModifiedNotification_v1', hasIds([1]));
    // An event for everyone, sent after, reaches bob: the flagged one had its chance first.
    await publish(t.db, { name: 'ticketModifiedNotification_v1', data: { ids: [2] } });
    await bob.next('ticketModifiedNotification_v1', hasIds([2]));
    expect(bob.all('ticketModifiedNotification_v1', hasIds([1]))).toEqual([]);

    // Removed, the flag no longer brings its events.
    expect(await ann.connection.invoke('RemoveConnectionAccessFlag', 'ticketing')).toEqual([
      'scales',
    ]);
    await flagged([3]);
    await publish(t.db, { name: 'ticketModifiedNotification_v1', data: { ids: [4] } });
    await ann.next('ticketModifiedNotification_v1', hasIds([4]));
    expect(ann.all('ticketModifiedNotification_v1', hasIds([3]))).toEqual([]);
    expect(rowOf(ann)?.accessFlags).toEqual(['scales']);

    await expect(ann.connection.invoke('SetConnectionAccessFlag', ' ')).rejects.toThrow(
      /flag is required/,
    );
    for (let i = 1; i < maxAccessFlags; i += 1) {
      await ann.connection.invoke('SetConnectionAccessFlag', `f${i}`);
    }
    await expect(ann.connection.invoke('SetConnectionAccessFlag', 'one-too-many')).rejects.toThrow(
      /at most 32 flags/,
    );
  });

  it('sends logoutEvent_v1 to the sessions an administrator ends, then drops them', async () => {
    const bob = await loggedIn('bob');
    const ann = await loggedIn('Ann');
    const bySeat = await api('POST', '/api/v1/admin/sessions/end', 'boss', {
      seatToken: 'seat-bob-desk',
    });
    expect(bySeat.statusCode).toBe(200);
    expect(await bob.next('logoutEvent_v1')).toEqual({
      logoutType: 'seatId',
      identifier: 'seat-bob-desk',
    });
    const deadline = Date.now() + 4000;
    while (bob.connection.state !== HubConnectionState.Disconnected && Date.now() < deadline) {
      await sleep(20);
    }
    expect(bob.connection.state).toBe(HubConnectionState.Disconnected);
    expect(ann.received.filter((event) => event.name === 'logoutEvent_v1')).toEqual([]);

    const byUser = await api('POST', '/api/v1/admin/sessions/end', 'boss', { username: 'ann' });
    expect(byUser.statusCode).toBe(200);
    expect(await ann.next('logoutEvent_v1')).toEqual({ logoutType: 'none', identifier: null });
    // The ended token no longer opens the hub.
    await expect(connect(tokens.Ann!)).rejects.toThrow();
  });
});
