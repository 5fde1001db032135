/** R-CONST-12: a clock time of day, written 'HH:mm'. */
import { z } from 'zod';

const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d$/;

export const invalidTimeOfDayMessage = 'Enter a time as HH:mm.';

/** A time of day as 'HH:mm', for fields that hold a clock time rather than a date. */
export const timeOfDaySchema = z.string().regex(timeOfDayPattern, invalidTimeOfDayMessage);
