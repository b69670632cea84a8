/**
 * Saved views of signed-in people, in the sign-in database through better-auth's own
 * adapter (SQLite or PostgreSQL alike): every read and write names the person, so
 * one never sees, renames or deletes another's.
 */
import type { Auth } from "@/lib/auth/instance";
import { MAX_SAVED_VIEWS, type NewSavedView, SAVED_VIEW_MODEL, type SavedView } from "./schema";

interface Row {
  id: string;
  userId: string;
  name: string;
  list: SavedView["list"];
  query: string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toView(row: Row): SavedView {
  return {
    id: row.id,
    name: row.name,
    list: row.list,
    query: row.query,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export class TooManyViews extends Error {}

export function accountViews(auth: Auth) {
  const adapter = async () => (await auth.$context).adapter;
  const mine = (userId: string, id?: string) => [
    { field: "userId", value: userId },
    ...(id ? [{ field: "id", value: id }] : []),
  ];
  return {
    async list(userId: string): Promise<SavedView[]> {
      const rows = await (await adapter()).findMany<Row>({
        model: SAVED_VIEW_MODEL,
        where: mine(userId),
        sortBy: { field: "name", direction: "asc" },
        limit: MAX_SAVED_VIEWS,
      });
      return rows.map(toView);
    },
    async create(userId: string, view: NewSavedView): Promise<SavedView> {
      const db = await adapter();
      if ((await db.count({ model: SAVED_VIEW_MODEL, where: mine(userId) })) >= MAX_SAVED_VIEWS)
        throw new TooManyViews(`At most ${MAX_SAVED_VIEWS} saved views: delete one first.`);
      const now = new Date();
      const row = await db.create<Omit<Row, "id">, Row>({
        model: SAVED_VIEW_MODEL,
        data: { userId, ...view, createdAt: now, updatedAt: now },
      });
      return toView(row);
    },
    /** The renamed view, or null when the person has no view of that id. */
    async rename(userId: string, id: string, name: string): Promise<SavedView | null> {
      const row = await (await adapter()).update<Row>({
        model: SAVED_VIEW_MODEL,
        where: mine(userId, id),
        update: { name, updatedAt: new Date() },
      });
      return row ? toView(row) : null;
    },
    /** Whether the person had a view of that id (now deleted). */
    async remove(userId: string, id: string): Promise<boolean> {
      const removed = await (await adapter()).deleteMany({
        model: SAVED_VIEW_MODEL,
        where: mine(userId, id),
      });
      return removed > 0;
    },
  };
}
