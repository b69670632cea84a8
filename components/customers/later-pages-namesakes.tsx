"use client";

import { useQueries } from "@tanstack/react-query";
import { useEffect } from "react";
import { namesakesQueryOptions } from "@/lib/search/client";
import type { NamesakesAnswer } from "@/lib/search/types";

/** One set of e-mails from every page's answer (re-run only when an answer changes). */
const allEmails = (results: { data?: NamesakesAnswer }[]): Record<string, string> =>
  Object.assign({}, ...results.map((result) => result.data?.emails ?? {}));

/** The namesakes of the pages after the first, one ask a page, handed up as one set. */
export default function LaterPagesNamesakes({
  pages,
  onEmails,
}: {
  pages: readonly { data: readonly { customerId: string | null }[] }[];
  onEmails: (emails: Record<string, string>) => void;
}) {
  const emails = useQueries({
    queries: pages.map((page) => namesakesQueryOptions(page.data)),
    combine: allEmails,
  });
  useEffect(() => onEmails(emails), [emails, onEmails]);
  return null;
}
