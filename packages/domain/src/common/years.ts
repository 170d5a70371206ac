import { z } from 'zod';
import { intParam } from './primitives.js';

/**
 * The programme year (gestión) a read route answers for (issue 18): optional, the open year when
 * absent. Any four-digit year passes here; the API then checks it is one the console holds and
 * answers 400 with yearMessages.unknown (settings) otherwise.
 */
export const yearField = intParam(2000, 2100, 'La gestión debe ser un año, por ejemplo 2025.')
  .optional()
  .describe('Gestión a consultar; sin ella, la gestión abierta');

export const yearQuery = z.object({ year: yearField });
export type YearQuery = z.infer<typeof yearQuery>;
