import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { departments, districts, institutions } from './structure.js';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  firstLastName: text('first_last_name').notNull().default(''),
  email: text('email'),
  type: smallint('type').notNull(),
  profile: smallint('profile'),
  hasAccess: boolean('has_access').notNull().default(true),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roles = pgTable('roles', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    roleId: smallint('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** The places a type 2 user works on: a department, a district or the director's schools. */
export const userScopes = pgTable(
  'user_scopes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    departmentId: smallint('department_id').references(() => departments.id),
    districtId: integer('district_id').references(() => districts.id),
    institutionId: integer('institution_id').references(() => institutions.id),
  },
  (t) => [
    index('user_scopes_user_idx').on(t.userId),
    index('user_scopes_institution_idx').on(t.institutionId),
  ],
);

/**
 * One sign-in: its id is the `sid` of every access token issued for it and the family of its refresh
 * tokens. Logout, reuse of a rotated refresh token and access switched off end it; an ended session
 * never starts again (turning access back on needs a new login), and every request checks it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'logout', 'refresh_reuse' or 'access_off' ('revoked': ended before migration 0013 made sessions). */
    endReason: text('end_reason'),
  },
  (t) => [index('sessions_user_live_idx').on(t.userId).where(sql`ended_at IS NULL`)],
);

/** Rotating refresh tokens, stored hashed; reuse of a rotated token ends its session (the family). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessions.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** Append-only: a trigger refuses UPDATE and DELETE (see migration). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/**
 * Failed-login counters, one row per key: (username, address) and the address alone (username '').
 * An attempt is counted here before its password is checked, under the row's lock; `locked_until`
 * is the growing delay its failures earned (modules/auth/throttle.ts, decision 051).
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    username: text('username').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.username, t.address] }),
    index('login_throttle_window_ends_idx').on(t.windowEnds),
  ],
);

/**
 * The addresses each username last logged in from (decision 051): behind one of them the address's
 * cap never applies to that username, so one person mistyping never stops colleagues behind a
 * shared address.
 */
export const loginKnownAddresses = pgTable(
  'login_known_addresses',
  {
    username: text('username').notNull(),
    address: text('address').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.username, t.address] }),
    index('login_known_addresses_last_success_idx').on(t.lastSuccessAt),
  ],
);
