// Environment variables a test sets for a while (a user cache of its own, a temp folder), put back as they were.

/** Sets `vars` in process.env; the function returned puts back what each held before (or removes it). */
export function setEnv(vars: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}
