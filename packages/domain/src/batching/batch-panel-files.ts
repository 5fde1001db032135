/**
 * R-BATCH-10: the file exchange with a batch system that has no live link. The server drops a job
 * file into the plant's outbox when a load is sent; the batch system answers with a result file in
 * the inbox. These are the two files' shapes, which a plant's batch system vendor is given.
 */
import { z } from 'zod';

/** How the server hands a plant's loads to its batch panel. */
export const batchPanelProtocols = ['simulated', 'file-exchange'] as const;
export type BatchPanelProtocol = (typeof batchPanelProtocols)[number];

const id = z.number().int().positive();

/** `<ticketNumber>-<attempt>.job.json`, written to the outbox. */
export const batchJobFileSchema = z.object({
  plantId: id,
  alley: z.number().int().nonnegative(),
  loadId: id,
  ticketId: id,
  ticketNumber: id,
  attempt: id,
  productNumber: z.string().nullable(),
  quantity: z.number(),
  slump: z.number().nullable(),
  materials: z.array(
    z.object({ rawMaterialId: id, code: z.string(), target: z.number().nonnegative() }),
  ),
});
export type BatchJobFile = z.infer<typeof batchJobFileSchema>;

/** `<ticketNumber>-<attempt>.result.json`, written by the batch system to the inbox. */
export const batchResultFileSchema = z.discriminatedUnion('kind', [
  z.object({
    ticketNumber: id,
    attempt: id,
    kind: z.literal('batched'),
    weights: z
      .array(z.object({ rawMaterialId: id, batched: z.number().nonnegative() }))
      .min(1, 'must name at least one material'),
  }),
  z.object({
    ticketNumber: id,
    attempt: id,
    kind: z.literal('failed'),
    reason: z.string().trim().min(1, 'must say why').max(500),
  }),
]);
export type BatchResultFile = z.infer<typeof batchResultFileSchema>;

export const batchJobFileName = (ticketNumber: number, attempt: number) =>
  `${ticketNumber}-${attempt}.job.json`;

export const batchResultFileName = (ticketNumber: number, attempt: number) =>
  `${ticketNumber}-${attempt}.result.json`;

/** The ticket number and attempt a result file's name gives, or null for another file. */
export function resultFileKey(name: string): { ticketNumber: number; attempt: number } | null {
  const match = /^(\d{1,9})-(\d{1,6})\.result\.json$/.exec(name);
  return match ? { ticketNumber: Number(match[1]), attempt: Number(match[2]) } : null;
}
