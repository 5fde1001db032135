export { createHub } from './hub';
export { createMemoryBackplane } from './memory-backplane';
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
