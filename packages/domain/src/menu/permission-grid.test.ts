import { describe, expect, it } from 'vitest';
import { menuEntryByEnumId } from './menu-catalogue';
import { permissionGridGroups } from './permission-grid';

describe('permissionGridGroups (R-USER-2)', () => {
  const ids = permissionGridGroups.flatMap((group) => group.forms.map((form) => form.id));

  it('lists each permissioned form once, grouped as the menu groups them', () => {
    expect(new Set(ids).size).toBe(ids.length);
    const orders = permissionGridGroups.find((group) => group.group === 'orders');
    expect(orders?.forms.map((form) => form.id)).toContain(
      menuEntryByEnumId('ConcreteOrderEntry')!.id,
    );
  });

  it('leaves out the administration screens and the dashboard', () => {
    expect(ids).not.toContain(menuEntryByEnumId('UserMaintenance')!.id);
    expect(ids).not.toContain(menuEntryByEnumId('Dashboard')!.id);
    expect(permissionGridGroups.map((group) => group.group)).not.toContain('administration');
  });
});
