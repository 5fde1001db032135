import { describeBadInput } from '../../test/bad-input-attack';

// R-INPUT-1..2: a quarter of the routes; the four files run side by side.
describeBadInput(1, 4);
