/** Who hears that a logout finished (the router, to show the login screen). */
type Listener = () => Promise<void> | void;

const listeners = new Set<Listener>();

export function onLoggedOut(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves once every listener has finished (the login screen is showing). */
export async function emitLoggedOut(): Promise<void> {
  await Promise.all([...listeners].map((listener) => Promise.resolve(listener())));
}
