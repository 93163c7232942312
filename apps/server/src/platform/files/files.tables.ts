import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every stored file: where its bytes are in the file store (a random key), and what they are as checked
 * on upload (the sniffed content type, never the client's; size; SHA-256). The owner says which object
 * the file belongs to, so access to the file is the access to its owner.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** A safe name for `Content-Disposition`, made by the server (`logo.png`); never a path. */
    filename: text('filename').notNull(),
    ownerKind: text('owner_kind', { enum: ['organisation', 'chatChannel', 'conversation'] }).notNull(),
    ownerId: uuid('owner_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerKind, t.ownerId)],
);

export type FileRow = typeof files.$inferSelect;
export type FileOwnerKind = FileRow['ownerKind'];
