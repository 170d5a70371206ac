import { rollRow } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.js';
import { rows } from '../../../db/rows.js';
import { createTestDatabase } from '../../../test/database.js';
import { rawPatterns } from './queries/raw.js';

// The roll's long columns are accepted in SQL by patterns (queries/raw.ts); zod stays the rule. A
// value the SQL accepts must be one zod accepts and converts to exactly what the SQL stores.

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const schema = rollRow(2025).shape;
const samples = [
  ...['JUAN CARLOS', 'Juan Carlos', 'muñoz', 'MUÑOZ', "O'BRIEN", 'ANA-MARÍA', 'Ça', 'ü', 'ÂNGELO', 'D. JOSÉ'],
  ...[
    ' JUAN',
    'JUAN ',
    '',
    'JUAN  CARLOS',
    'ß',
    'ÿ',
    'İ',
    'ı',
    'ǅ',
    '😀',
    'JUAN\tCARLOS',
    'X\u00a0Y',
    '\u00a0X',
  ],
  ...['a'.repeat(60), 'a'.repeat(61), 'ñ'.repeat(60), 'Ñ'.repeat(61), 'ALBERTO (H)', 'PÉREZ/ROJAS'],
  ...['8073001420191234', 'abc123', ' 123', 'A'.repeat(30), 'A'.repeat(31), 'A-1', 'Ñ1', '１２３'],
  ...['1234567', '1234567-1A', 'E-123', '1'.repeat(15), '1'.repeat(16), ' ', '12 34', '-'],
];

describe("the roll's SQL patterns agree with the domain's zod rules", () => {
  it('accepts only what zod accepts, converted as zod converts it', async () => {
    const judged = await rows<{
      v: string;
      rude: boolean;
      opt: boolean;
      req: boolean;
      doc: boolean;
      up: string;
    }>(
      handle.db,
      sql`SELECT v, v ~ ${rawPatterns.rude} AND char_length(v) <= ${rawPatterns.rudeMax} AS rude,
          v ~ ${rawPatterns.optionalName} AND char_length(v) <= ${rawPatterns.nameMax} AS opt,
          v ~ ${rawPatterns.requiredName} AND char_length(v) <= ${rawPatterns.nameMax} AS req,
          (v = '' OR (v ~ ${rawPatterns.document} AND char_length(v) <= ${rawPatterns.documentMax})) AS doc, translate(v, ${rawPatterns.lower}, ${rawPatterns.upper}) AS up
        FROM unnest(${sql.param(samples)}::text[]) AS v`,
    );
    expect(judged).toHaveLength(samples.length);
    for (const j of judged) {
      if (j.rude) expect(schema.RUDE.safeParse(j.v), j.v).toEqual({ success: true, data: j.v });
      if (j.opt) expect(schema.PATERNO.safeParse(j.v), j.v).toEqual({ success: true, data: j.up });
      if (j.req) expect(schema.NOMBRES.safeParse(j.v), j.v).toEqual({ success: true, data: j.up });
      if (j.doc)
        expect(schema.CI.safeParse(j.v), j.v).toEqual({ success: true, data: j.v === '' ? null : j.v });
    }
    // The usual forms take the fast path (the rest is checked by zod row by row).
    const fast = (v: string) => judged.find((j) => j.v === v)!;
    expect(fast('Juan Carlos').req && fast('muñoz').opt && fast('').opt && !fast('').req).toBe(true);
    expect(fast('8073001420191234').rude && fast('1234567-1A').doc && fast('').doc).toBe(true);
    expect(fast(' JUAN').opt || fast('a'.repeat(61)).opt || fast('abc123').rude).toBe(false);
  });
});
