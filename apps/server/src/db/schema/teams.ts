import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Workspaces (teams). The tenant root: every tenant row elsewhere carries its id as team_id. */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    photoPath: text('photo_path'),
    useCustomLogo: boolean('use_custom_logo').notNull().default(false),
    domain: text('domain'),
    subscriptionId: integer('subscription_id'),
    whitelabelSettings: jsonb('whitelabel_settings').$type<Record<string, unknown>>(),
    rowVersion: integer('row_version').notNull().default(0),
    /**
     * The workspace's change sequence: the number of the last change noted in record_changes. Every
     * write bumps it in its own transaction (see events/change-log.ts).
     */
    changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('teams_owner_idx').on(t.ownerId)],
);

/** Memberships with their role (the owner has a row too, with role owner). */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

/** One subscription per user (spec section 3); the free plan is created on first need. */
export const subscriptions = pgTable('subscriptions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  deal: text('deal').notNull(),
  limits: jsonb('limits').$type<Record<string, number | null>>().notNull(),
  usage: jsonb('usage').$type<Record<string, number>>().notNull().default({}),
  trialEndsAt: ts('trial_ends_at'),
  endsAt: ts('ends_at'),
  transient: boolean('transient').notNull().default(false),
  version: integer('version').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Permission records (spec section 3): a resource's own keys and final actions. */
export const permissionRecords = pgTable(
  'permission_records',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    finalPermissions: text('final_permissions').array().notNull().default(sql`'{}'::text[]`),
    rowVersion: integer('row_version').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.resourceType, t.resourceId] })],
);

export type TeamRow = typeof teams.$inferSelect;
