import { signInWithPassword, signInWithSso } from "@/lib/auth/actions";

/**
 * The sign-in forms: plain forms posting to server actions, so they work before (and
 * without) any client code and ship none of better-auth's client.
 */

export function SsoForm({ name, next }: { name: string; next: string }) {
  return (
    <form action={signInWithSso} className="mt-6">
      <input type="hidden" name="next" value={next} />
      <button
        type="submit"
        className="w-full rounded-md bg-accent px-4 py-2 text-sm font-medium text-accent-fg hover:opacity-90 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2"
      >
        Sign in with {name}
      </button>
    </form>
  );
}

export function PasswordForm({ next }: { next: string }) {
  const field =
    "mt-1 block w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-sm focus:border-accent focus:outline-none focus:ring-1 focus:ring-accent";
  return (
    <form action={signInWithPassword} className="mt-6 space-y-4">
      <input type="hidden" name="next" value={next} />
      <label className="block text-sm font-medium">
        E-mail address
        <input
          className={field}
          type="email"
          name="email"
          autoComplete="username"
          required
          maxLength={254}
        />
      </label>
      <label className="block text-sm font-medium">
        Password
        <input
          className={field}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={128}
        />
      </label>
      <button
        type="submit"
        className="w-full rounded-md border border-line-strong bg-surface px-4 py-2 text-sm font-medium hover:bg-surface-muted focus:outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2"
      >
        Sign in
      </button>
    </form>
  );
}
