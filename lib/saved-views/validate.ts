/**
 * What /api/views accepts: a saved view's name and fields, checked on the server
 * (Zod stays out of the browser's bundle: lib/saved-views/schema.ts).
 */
import { z } from "zod";
import { MAX_VIEW_NAME, type NewSavedView as NewSavedViewShape, SAVED_VIEW_LISTS } from "./schema";

export const ViewName = z
  .string()
  .trim()
  .min(1, "a name is required")
  .max(MAX_VIEW_NAME, `at most ${MAX_VIEW_NAME} characters`);

/** What a person saves: a name, the list, and the page's query (without "?"). */
export const NewSavedView = z.object({
  name: ViewName,
  list: z.enum(SAVED_VIEW_LISTS),
  query: z.string().max(4000, "a view's query is at most 4,000 characters"),
}) satisfies z.ZodType<NewSavedViewShape>; // the type is written once, in schema.ts
