import type { sereciStatusLabels } from './messages.js';

export type SereciStatus = keyof typeof sereciStatusLabels;

/**
 * Part 2 §4 'Birth-registry status': segip_id 1 is 'Validado SEGIP' (no action), empareja_sereci
 * 'Validado SERECI', anything else 'Pendiente de Validación'. Only pending students may be validated.
 */
export function sereciStatus(student: { segipId: number; emparejaSereci: boolean }): SereciStatus {
  if (student.segipId === 1) return 'segip';
  if (student.emparejaSereci) return 'sereci';
  return 'pending';
}

/** RUDE inputs are trimmed and upper-cased (part 2 §5). */
export function normalizeRude(value: string): string {
  return value.trim().toUpperCase();
}
