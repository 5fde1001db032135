/**
 * R-BOARD-27: the board's time window and plants are remembered per user, in browser storage keyed
 * by the username, so whoever sits at the desk next gets their own board back.
 */
import { z } from 'zod';
import { boardWindowKeys } from '@dispatch/domain/dispatch/load-board';
import { readStored, writeStored } from '../../lib/storage';

export const boardPreferencesSchema = z.object({
  window: z.enum(boardWindowKeys),
  /** The chosen range (ISO), kept while another window is picked. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  plantIds: z.array(z.int().positive()),
});
export type BoardPreferences = z.infer<typeof boardPreferencesSchema>;

export const defaultBoardPreferences: BoardPreferences = {
  window: 'next8',
  from: null,
  to: null,
  plantIds: [],
};

export const boardPreferencesKey = (username: string) =>
  `loadScheduling.board.${username.trim().toLowerCase()}`;

export function readBoardPreferences(username: string): BoardPreferences {
  const stored = readStored(boardPreferencesKey(username));
  if (!stored) return defaultBoardPreferences;
  try {
    return boardPreferencesSchema.parse(JSON.parse(stored));
  } catch {
    return defaultBoardPreferences;
  }
}

export function writeBoardPreferences(username: string, preferences: BoardPreferences): void {
  writeStored(boardPreferencesKey(username), JSON.stringify(preferences));
}
