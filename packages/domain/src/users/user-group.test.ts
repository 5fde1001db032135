import { describe, expect, it } from 'vitest';
import { userGroupSchema } from './user-group';

describe('R-ENTITY-3: user group', () => {
  it('has id, userProfileId and groupName', () => {
    expect(userGroupSchema.parse({ id: 1001, userProfileId: 7, groupName: 'Concrete' })).toEqual({
      id: 1001,
      userProfileId: 7,
      groupName: 'Concrete',
    });
    expect(userGroupSchema.safeParse({ id: 1001, groupName: 'Concrete' }).success).toBe(false);
  });
});
