/**
 * R-NATID-1, R-ENTITY-7: an employee's national identifier. It is sensitive: records read back
 * carry only its last four characters; the clear value is accepted on write, for the server to
 * encrypt, and comes back only from the reveal route.
 */
import { z } from 'zod';

const nationalIdentifierMessage = 'Enter a national identifier of 4 to 20 letters or digits.';

/** 4 to 20 letters or digits, spaces and dashes allowed between them: national formats differ. */
export const nationalIdentifierSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z -]+$/, { message: nationalIdentifierMessage })
  .refine(
    (value) => {
      const significant = value.replace(/[^0-9A-Za-z]/g, '').length;
      return significant >= 4 && significant <= 20;
    },
    { message: nationalIdentifierMessage },
  );

/** What revealing an employee's national identifier answers (seen by a full level only). */
export const nationalIdentifierRevealSchema = z.object({ nationalIdentifier: z.string() });
