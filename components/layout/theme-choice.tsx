"use client";

import { useTheme } from "next-themes";
import { useEffect, useSyncExternalStore } from "react";

/** The theme a person chose (or "system") and how to choose another: next-themes' own. */
export interface ThemeChoice {
  theme: string;
  setTheme: (theme: string) => void;
}

let current: ThemeChoice | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Hands next-themes' choice on to the theme buttons, from a ThemeProvider that wraps
 * nothing but this (app/providers.tsx). Why not the provider around the page: a
 * context that changes above a part of the page React has not hydrated yet (a list
 * whose script loads on first use, islands/deferred-island.tsx) makes React drop that
 * part's server HTML and render it afresh, so a theme switched before the list's
 * first use left the list on its loading state.
 */
export function ThemeChoicePublisher() {
  const { theme, setTheme } = useTheme();
  useEffect(() => {
    current = { theme: theme ?? "system", setTheme };
    for (const listener of listeners) listener();
  }, [theme, setTheme]);
  return null;
}

/** The theme choice, once the page has hydrated; null on the server and while hydrating. */
export function useThemeChoice(): ThemeChoice | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
