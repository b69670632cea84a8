"use client";

import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";
import { OutlineIcon } from "./outline-icon";

const noChange = () => () => {};

const CHOICES = [
  { value: "system", label: "System", icon: "M3 5h18v11H3zM8 20h8M12 16v4" },
  {
    value: "light",
    label: "Light",
    icon: "M12 4V2M12 22v-2M4 12H2M22 12h-2M5.6 5.6 4.2 4.2M19.8 19.8l-1.4-1.4M5.6 18.4l-1.4 1.4M19.8 4.2l-1.4 1.4M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
  },
  { value: "dark", label: "Dark", icon: "M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" },
] as const;

/**
 * The theme: the system's setting (the default), light or dark. next-themes keeps the
 * choice in localStorage and sets the class on <html> from an inline script before
 * the first paint, so no page flashes the other theme. Which choice is pressed is only
 * known in the browser: the server renders none pressed.
 */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  // The stored choice is known only in the browser: none pressed until hydrated.
  const hydrated = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  return (
    <fieldset className="flex items-center rounded-md border border-line bg-surface p-0.5 m-0 shrink-0">
      <legend className="sr-only">Theme</legend>
      {CHOICES.map((choice) => (
        <button
          key={choice.value}
          type="button"
          aria-pressed={hydrated && (theme ?? "system") === choice.value}
          title={`${choice.label} theme`}
          onClick={() => setTheme(choice.value)}
          className="grid size-7 place-items-center rounded max-lg:size-11 pointer-coarse:size-11 text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent aria-pressed:bg-inverse aria-pressed:text-inverse-fg"
        >
          <OutlineIcon path={choice.icon} />
          <span className="sr-only">{choice.label} theme</span>
        </button>
      ))}
    </fieldset>
  );
}
