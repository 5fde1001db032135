import { describe, expect, it } from 'vitest';
import { createGroupRegistry } from './group-registry';

describe('group registry', () => {
  it('takes a member out of every group at once, dropping groups left empty', () => {
    const registry = createGroupRegistry<string>();
    registry.add('a', 'plant-1');
    registry.add('a', 'plant-2');
    registry.add('b', 'plant-1');

    registry.removeMember('a');

    expect([...(registry.members('plant-1') ?? [])]).toEqual(['b']);
    expect(registry.members('plant-2')).toBeUndefined();
    expect(registry.groupsOf('a')).toBeUndefined();
  });

  it('removes one membership both ways round', () => {
    const registry = createGroupRegistry<string>();
    registry.add('a', 'plant-1');
    registry.add('a', 'plant-2');

    registry.remove('a', 'plant-1');
    registry.remove('a', 'never-joined');

    expect(registry.members('plant-1')).toBeUndefined();
    expect([...(registry.groupsOf('a') ?? [])]).toEqual(['plant-2']);
  });
});
