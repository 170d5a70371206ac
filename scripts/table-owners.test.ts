import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allowedFile, crossings, schemaTables } from './table-owners.js';

describe('areas read other areas’ tables only where the list allows it', () => {
  const found = crossings();
  const allowed: string[] = JSON.parse(readFileSync(allowedFile, 'utf8'));

  it('finds the schema’s tables and their owners', () => {
    const owners = new Map(schemaTables().map((t) => [t.sqlName, t.owner]));
    expect(owners.get('student_blocks')).toBe('blocking');
    expect(owners.get('titular_assignments')).toBe('holders');
    // Reference data every area reads is not counted.
    expect(owners.has('institutions')).toBe(false);
  });

  it('has no crossing that is not on the list (read the owner’s view or exported fragment instead)', () => {
    const added = [...found.keys()].filter((key) => !allowed.includes(key));
    expect(added.map((key) => `${key}: ${found.get(key)?.join(', ')}`)).toEqual([]);
  });

  it('has no entry on the list that is no longer found (remove it: the list only shrinks)', () => {
    expect(allowed.filter((key) => !found.has(key))).toEqual([]);
  });
});
