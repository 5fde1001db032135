import type { ClassicFormIdentity } from './classic-forms';

/** The user logged in to the classic application, and where. */
export type ClassicUser = {
  readonly username: string;
  /** Null when the login named no server. */
  readonly server: string | null;
  readonly database: string;
};

export type OpenedForm = ClassicFormIdentity & {
  /** The stand-in's handle for the page's buttons. */
  readonly key: string;
  /** What the web client passed along (OpenForm's args, CreateTicket's args, a ticket id). */
  readonly args: unknown;
  readonly openedAt: string;
  readonly dirty: boolean;
};

export type DesktopSnapshot = {
  /** Grows on every change, so a watcher can tell that something moved. */
  readonly revision: number;
  readonly user: ClassicUser | null;
  readonly forms: readonly OpenedForm[];
  readonly dirtyCount: number;
};

export type ClassicDesktop = {
  snapshot(): DesktopSnapshot;
  readonly user: ClassicUser | null;
  dirtyCount(): number;
  /** Logging in as someone else (or elsewhere) closes the previous user's forms. */
  logIn(user: ClassicUser): void;
  logOut(): void;
  /** Null when nobody is logged in: the classic application opens nothing at its login screen. */
  openForm(form: ClassicFormIdentity, args: unknown): OpenedForm | null;
  /** False when no opened form has that key. */
  setDirty(key: string, dirty: boolean): boolean;
  closeForm(key: string): boolean;
  /** Called after every change; returns the function that stops the calls. */
  onChange(listener: (snapshot: DesktopSnapshot) => void): () => void;
};

const sameText = (a: string | null, b: string | null) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** The state of the simulated classic desktop application: who is logged in, what is open. */
export function createClassicDesktop(options: { now?: () => Date } = {}): ClassicDesktop {
  const now = options.now ?? (() => new Date());
  const listeners = new Set<(snapshot: DesktopSnapshot) => void>();
  let revision = 0;
  let nextFormNumber = 1;
  let user: ClassicUser | null = null;
  let forms: OpenedForm[] = [];

  const snapshot = (): DesktopSnapshot => ({
    revision,
    user,
    forms,
    dirtyCount: forms.filter((form) => form.dirty).length,
  });
  const changed = () => {
    revision += 1;
    const current = snapshot();
    for (const listener of listeners) listener(current);
  };

  return {
    snapshot,
    get user() {
      return user;
    },
    dirtyCount: () => snapshot().dirtyCount,
    logIn(next) {
      const sameSession =
        user !== null &&
        sameText(user.username, next.username) &&
        sameText(user.database, next.database);
      // A token login names no server: keep the one the desktop already knew.
      const knownServer = sameSession ? (user?.server ?? null) : null;
      if (!sameSession) forms = [];
      user = { ...next, server: next.server ?? knownServer };
      changed();
    },
    logOut() {
      user = null;
      forms = [];
      changed();
    },
    openForm(form, args) {
      if (!user) return null;
      const opened: OpenedForm = {
        ...form,
        key: `f${nextFormNumber++}`,
        args: args ?? null,
        openedAt: now().toISOString(),
        dirty: false,
      };
      forms = [...forms, opened];
      changed();
      return opened;
    },
    setDirty(key, dirty) {
      const form = forms.find((candidate) => candidate.key === key);
      if (!form) return false;
      if (form.dirty !== dirty) {
        forms = forms.map((candidate) => (candidate.key === key ? { ...form, dirty } : candidate));
        changed();
      }
      return true;
    },
    closeForm(key) {
      if (!forms.some((form) => form.key === key)) return false;
      forms = forms.filter((form) => form.key !== key);
      changed();
      return true;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
