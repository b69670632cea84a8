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
        className="w-full rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
      >
        Sign in with {name}
      </button>
    </form>
  );
}

export function PasswordForm({ next }: { next: string }) {
  const field =
    "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600";
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
        className="w-full rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
      >
        Sign in
      </button>
    </form>
  );
}
