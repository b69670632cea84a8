/**
 * What /api/views accepts: a saved view's name and fields, checked on the server
 * (Zod stays out of the browser's bundle: lib/saved-views/schema.ts).
 */
import { z } from "zod";
import {
  cleanViewName,
  type NewSavedView as NewSavedViewShape,
  SAVED_VIEW_LISTS,
  viewNameProblem,
} from "./schema";

/** A view's name, cleaned (cleanViewName) and refused when it hides or disguises itself (viewNameProblem). */
export const ViewName = z
  .string()
  .transform(cleanViewName)
  .superRefine((name, ctx) => {
    const problem = viewNameProblem(name);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** What a person saves: a name, the list, and the page's query (without "?"). */
export const NewSavedView = z.object({
  name: ViewName,
  list: z.enum(SAVED_VIEW_LISTS),
  query: z.string().max(4000, "a view's query is at most 4,000 characters"),
}) satisfies z.ZodType<NewSavedViewShape>; // the type is written once, in schema.ts
