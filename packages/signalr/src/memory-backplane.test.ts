import { describe, expect, it } from 'vitest';
import { createMemoryBackplane } from './memory-backplane';
import type { BackplaneMessage } from './types';

describe('memory backplane', () => {
  it('hands every published message to every subscriber until it unsubscribes', async () => {
    const backplane = createMemoryBackplane();
    const first: BackplaneMessage[] = [];
    const second: BackplaneMessage[] = [];
    backplane.subscribe((message) => first.push(message));
    const unsubscribe = backplane.subscribe((message) => second.push(message));
    const one: BackplaneMessage = { scope: 'group', group: 'g', target: 't', args: [1] };
    const two: BackplaneMessage = { scope: 'all', target: 't', args: [2] };

    await backplane.publish(one);
    unsubscribe();
    await backplane.publish(two);

    expect(first).toEqual([one, two]);
    expect(second).toEqual([one]);
  });
});
