/**
 * The answer, or "still waiting after N ms" once that long has passed: a test that
 * something never hangs then fails saying so, not by running out its own timeout.
 */
export async function within<T>(answer: Promise<T>, ms: number): Promise<T | string> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<string>((resolve) => {
    timer = setTimeout(resolve, ms, `still waiting after ${ms} ms`);
  });
  try {
    return await Promise.race([answer, waited]);
  } finally {
    clearTimeout(timer);
  }
}
