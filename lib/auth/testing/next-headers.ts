/**
 * next/headers as a server action sees it, for a test that mocks it with this module
 * (`vi.mock("next/headers", () => import(...))`): the request's headers, and the
 * cookies the action sets on the answer, both in `request` for the test to set and read.
 */
export const request = {
  headers: new Headers(),
  set: [] as { name: string; value: string; options: Record<string, unknown> }[],
};

export const headers = async () => request.headers;

export const cookies = async () => ({
  set: (name: string, value: string, options: Record<string, unknown>) =>
    request.set.push({ name, value, options }),
});
