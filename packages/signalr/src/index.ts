export { createHub } from './hub';
export { createMemoryBackplane } from './memory-backplane';
export { sameHostOrigin, type OriginRule } from './http-responses';
export type {
  Backplane,
  BackplaneMessage,
  Hub,
  HubConnection,
  HubLogger,
  HubMethod,
  HubOptions,
  ListeningHub,
  SendTarget,
} from './types';
