/**
 * A closed set of codes declared once, with their Spanish labels: the labels object is the source
 * and its keys, in the order written, are the codes, as the tuple `z.enum` takes.
 *
 *   export const kindLabels = { payment: 'Pago', block: 'Bloqueo' };
 *   export const kinds = codesOf(kindLabels);            // ['payment', 'block']
 *   export type Kind = (typeof kinds)[number];
 */
export function codesOf<K extends string>(labels: Record<K, string>): readonly [K, ...K[]] {
  return Object.keys(labels) as [K, ...K[]];
}
