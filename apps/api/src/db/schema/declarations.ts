import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { institutions } from './structure.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/**
 * Frozen declarations (issue 12): every consolidation (kind 1 paid validation, kind 2 holder
 * registration) stores, in its own transaction, what it declares (data, jsonb) and the PDF it printed
 * (pdf, with its SHA-256), version n per (school, kind, year) (decision 042), and a verification
 * code whose SHA-256 is what the public route looks up. A trigger (migration 0015) refuses DELETE
 * and every UPDATE but setting superseded_* once (a 'Habilitar' reopening).
 */
export const declarations = pgTable(
  'declarations',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    kind: smallint('kind').notNull(),
    version: integer('version').notNull(),
    year: integer('year').notNull(),
    data: jsonb('data').notNull(),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
    fileName: text('file_name').notNull(),
    verificationCode: text('verification_code').notNull(),
    codeHash: text('code_hash').notNull(),
    consolidatedAt: timestamp('consolidated_at', { withTimezone: true }).notNull(),
    consolidatedBy: integer('consolidated_by'),
    consolidatedByName: text('consolidated_by_name').notNull(),
    storedAt: timestamp('stored_at', { withTimezone: true }).notNull(),
    backfilled: smallint('backfilled').notNull().default(0),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    supersededBy: integer('superseded_by'),
  },
  (t) => [
    // Versions count per school, kind and year (decision 042, migration 0035).
    uniqueIndex('declarations_version_unique').on(t.institutionId, t.kind, t.year, t.version),
    // One current declaration per school, kind and year: a closed year's stays current (issue 18).
    uniqueIndex('declarations_one_current')
      .on(t.institutionId, t.kind, t.year)
      .where(sql`superseded_at is null`),
    uniqueIndex('declarations_code_hash_unique').on(t.codeHash),
    index('declarations_institution_idx').on(t.institutionId),
    check('declarations_kind', sql`${t.kind} IN (1, 2)`),
    check('declarations_version_positive', sql`${t.version} >= 1`),
  ],
);
