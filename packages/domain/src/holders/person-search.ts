import { z } from 'zod';

/**
 * What 'Buscar' in the titular modal answers about a registered person (issue 13). The modal needs
 * the id to add the person ('Agregar Titular') and enough to tell the user the document belongs to
 * someone who is plausibly the adult in front of them; it does not need their birth date, gender or
 * nationality, and their full names would turn the search into a national directory. So the names
 * come back masked, one initial per word, and nothing else; 'Editar Datos' asks for the data from the
 * identity card and SEGIP confirms them.
 */
export const personSearchMatch = z.object({
  id: z.number().int(),
  paterno: z.string().describe('Enmascarado: la inicial de cada palabra'),
  materno: z.string().describe('Enmascarado: la inicial de cada palabra'),
  name: z.string().describe('Enmascarado: la inicial de cada palabra'),
});
export type PersonSearchMatch = z.infer<typeof personSearchMatch>;

export const personSearchResponse = z.object({ found: z.boolean(), person: personSearchMatch.nullable() });
export type PersonSearchResponse = z.infer<typeof personSearchResponse>;

/**
 * 'MARIA ELENA' → 'M*** E***': the initials let the user compare with the card, a fixed number of
 * stars hides the length of each word.
 */
export function maskName(value: string): string {
  return value
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => `${Array.from(word)[0]}***`)
    .join(' ');
}
