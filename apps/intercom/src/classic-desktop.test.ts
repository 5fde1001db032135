import { describe, expect, it } from 'vitest';
import { createClassicDesktop, type DesktopSnapshot } from './classic-desktop';

const concrete = {
  formId: 60101,
  enumId: 'LegacyConcreteOrderEntry',
  name: 'Concrete Order Entry',
};
const dispatcher = { username: 'dispatcher', server: 'SQL01', database: 'DEMO' };

describe('the classic desktop', () => {
  it('opens nothing while nobody is logged in', () => {
    const desktop = createClassicDesktop();
    expect(desktop.openForm(concrete, null)).toBeNull();
    expect(desktop.snapshot()).toEqual({ revision: 0, user: null, forms: [], dirtyCount: 0 });
  });

  it('counts dirty forms and tells its listeners about every change', () => {
    const desktop = createClassicDesktop({ now: () => new Date('2026-11-22T08:30:00Z') });
    const seen: DesktopSnapshot[] = [];
    desktop.onChange((snapshot) => seen.push(snapshot));
    desktop.logIn(dispatcher);
    const first = desktop.openForm(concrete, { orderId: 1 })!;
    const second = desktop.openForm(concrete, null)!;
    expect(first).toEqual({
      ...concrete,
      key: 'f1',
      args: { orderId: 1 },
      openedAt: '2026-11-22T08:30:00.000Z',
      dirty: false,
    });
    expect(desktop.setDirty(first.key, true)).toBe(true);
    expect(desktop.setDirty(second.key, true)).toBe(true);
    expect(desktop.dirtyCount()).toBe(2);
    // Marking a dirty form dirty again changes nothing, so nobody is told.
    desktop.setDirty(second.key, true);
    expect(desktop.closeForm(second.key)).toBe(true);
    expect(desktop.setDirty('f99', true)).toBe(false);
    expect(desktop.closeForm('f99')).toBe(false);
    expect(seen.map((snapshot) => [snapshot.revision, snapshot.dirtyCount])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 1],
      [5, 2],
      [6, 1],
    ]);
  });

  it('keeps the forms when the same user logs in again, and closes them for another', () => {
    const desktop = createClassicDesktop();
    desktop.logIn(dispatcher);
    desktop.openForm(concrete, null);
    // A token login names no server: the one already known stays.
    desktop.logIn({ username: 'DISPATCHER', server: null, database: 'demo' });
    expect(desktop.snapshot().forms).toHaveLength(1);
    expect(desktop.user).toEqual({ username: 'DISPATCHER', server: 'SQL01', database: 'demo' });

    desktop.logIn({ username: 'clerk', server: null, database: 'DEMO' });
    expect(desktop.snapshot().forms).toEqual([]);
    expect(desktop.user?.server).toBeNull();
  });

  it('logging out closes every form', () => {
    const desktop = createClassicDesktop();
    desktop.logIn(dispatcher);
    desktop.setDirty(desktop.openForm(concrete, null)!.key, true);
    desktop.logOut();
    expect(desktop.snapshot()).toMatchObject({ user: null, forms: [], dirtyCount: 0 });
  });
});
