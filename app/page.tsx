const ROUTES = [
  "/health",
  "/openapi.json",
  "/me",
  "/invoices",
  "/invoices/{id}",
  "/customers",
  "/customers/{id}",
  "/contracts",
  "/payments",
];

export default function HomePage() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Invoicing</h1>
      <p className="mt-3 text-slate-600">
        The dashboard for invoices, customers, contracts and payments is on its way. The read-only
        Invoicing API it will read is running now.
      </p>
      <section
        aria-labelledby="api-heading"
        className="mt-8 rounded-md border border-slate-200 bg-white p-5"
      >
        <h2 id="api-heading" className="text-lg font-medium">
          Built-in demo API
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Served at <code>/api/v1</code> from a local SQLite file with generated demo data, unless{" "}
          <code>INVOICING_API_URL</code> names another API. Every route but the first two needs{" "}
          <code>Authorization: Bearer &lt;key&gt;</code>; keys come from{" "}
          <code>npm run sandbox -- keys create</code>.
        </p>
        <ul className="mt-4 flex flex-wrap gap-2 text-sm">
          {ROUTES.map((route) => (
            <li key={route}>
              <code className="rounded bg-slate-100 px-2 py-1">GET /api/v1{route}</code>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-600">
          Machine-readable description:{" "}
          <a className="text-blue-700 underline" href="/api/v1/openapi.json">
            /api/v1/openapi.json
          </a>
        </p>
      </section>
    </main>
  );
}
