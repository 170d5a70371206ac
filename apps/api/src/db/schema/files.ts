import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/**
 * Uploaded files (event banners, posters, regulations, enrollment attachments) when the application
 * runs on a PostgreSQL server (DATABASE_URL): every instance behind the balancer reads what any of
 * them stored, with no shared disk. Keys are the generated storage keys event_files and enrollments
 * point at. With embedded PGlite the files stay on disk under DATA_DIR (modules/events/file-store.ts).
 */
export const storedFiles = pgTable('stored_file', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
