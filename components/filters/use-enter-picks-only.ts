"use client";

import { type KeyboardEvent, useEffect, useState } from "react";
import type { CustomerRecord } from "@/lib/api/client";
import type { CustomerSuggestions } from "./customer-suggestions";

/** The one customer an answer suggests, when it suggests exactly one. */
export function onlySuggestion(answer: CustomerSuggestions | undefined): CustomerRecord | null {
  if (!answer || answer.more || answer.counted !== 1) return null;
  return answer.shown[0] ?? null;
}

/**
 * Enter in the customer picker with no suggestion highlighted picks the only one (as
 * a search field does in Linear's and Stripe's filters). Pressed before the answer for
 * what is typed has come, it waits for it: the pick is made then, if it is one.
 * `enterBeforeLoad`: Enter was pressed in the plain field the picker replaced.
 */
export function useEnterPicksOnly({
  typed,
  answer,
  pick,
  enterBeforeLoad,
}: {
  typed: string;
  /** the search's answer for exactly `typed`, once it has come */
  answer: CustomerSuggestions | undefined;
  pick: (customer: CustomerRecord) => void;
  enterBeforeLoad: boolean;
}): (event: KeyboardEvent<HTMLInputElement>) => void {
  const [waiting, setWaiting] = useState<string | null>(enterBeforeLoad && typed ? typed : null);
  // Typing on after Enter asks for something else: the wait ends.
  if (waiting !== null && waiting !== typed) setWaiting(null);
  useEffect(() => {
    if (waiting === null || !answer || answer.term !== waiting) return;
    setWaiting(null);
    const only = onlySuggestion(answer);
    if (only) pick(only);
  }, [waiting, answer, pick]);

  return (event) => {
    if (event.key !== "Enter" || !typed) return;
    // An option the arrow keys are on is the combobox's own to pick.
    if (event.currentTarget.getAttribute("aria-activedescendant")) return;
    if (!answer) {
      setWaiting(typed);
      return;
    }
    const only = onlySuggestion(answer);
    if (!only) return;
    event.preventDefault();
    pick(only);
  };
}
