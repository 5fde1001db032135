import { describe, expect, it } from 'vitest';
import { insufficientPermissionMessage } from '../messages';
import { formNameOf } from './form-name';
import { menuEntryByEnumId } from './menu-catalogue';

describe('R-PERM-10: one name per form in the insufficient-permission text', () => {
  it('names a form by the long name its screen carries, never the short menu label', () => {
    const concrete = menuEntryByEnumId('ConcreteOrderEntry')!;
    expect(concrete.name).toBe('Concrete');
    expect(formNameOf(concrete.id)).toBe('Concrete Order Entry');
    expect(insufficientPermissionMessage(formNameOf(concrete.id))).toBe(
      'You do not have permissions to access this form Concrete Order Entry',
    );
    expect(formNameOf(menuEntryByEnumId('UserMaintenance')!.id)).toBe('User Maintenance');
  });

  it('falls back to a classic form’s name, then to its number', () => {
    expect(formNameOf(987_654)).toBe('form 987654');
  });
});
