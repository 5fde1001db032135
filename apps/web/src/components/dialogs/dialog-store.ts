/**
 * Dialogs asked for from outside React (route loaders, link handling): a queue the dialog host
 * shows one at a time. Each request settles its promise with the user's answer.
 */
import { createStore } from '../../lib/store';

export type YesNoAnswer = 'yes' | 'no' | 'cancel';

export type YesNoRequest = {
  readonly title: string;
  readonly text?: string;
  readonly confirmText?: string;
  readonly denyText?: string;
  readonly withCancel?: boolean;
  readonly withCloseButton?: boolean;
};

export type OkRequest = {
  readonly title: string;
  readonly text?: string;
  readonly paragraphs?: readonly string[];
};

export type QueuedDialog =
  | {
      readonly id: number;
      readonly kind: 'yesNo';
      readonly request: YesNoRequest;
      readonly settle: (answer: YesNoAnswer) => void;
    }
  | {
      readonly id: number;
      readonly kind: 'ok';
      readonly request: OkRequest;
      readonly settle: () => void;
    }
  | {
      readonly id: number;
      readonly kind: 'insufficientPermission';
      readonly formName: string;
      readonly settle: () => void;
    };

export const dialogStore = createStore<readonly QueuedDialog[]>([]);

let nextId = 1;

function enqueue(dialog: QueuedDialog): void {
  dialogStore.set((queue) => [...queue, dialog]);
}

function remove(id: number): void {
  dialogStore.set((queue) => queue.filter((dialog) => dialog.id !== id));
}

export function askYesNo(request: YesNoRequest): Promise<YesNoAnswer> {
  const id = nextId++;
  return new Promise((resolve) =>
    enqueue({
      id,
      kind: 'yesNo',
      request,
      settle: (answer) => {
        remove(id);
        resolve(answer);
      },
    }),
  );
}

/**
 * Whether the same warning is already waiting: a route loader run twice for one navigation (a
 * revalidation on a slow machine) must not make the user dismiss it twice.
 */
function alreadyQueued(same: (dialog: QueuedDialog) => boolean): boolean {
  return dialogStore.get().some(same);
}

const sameOk = (a: OkRequest, b: OkRequest) =>
  a.title === b.title &&
  a.text === b.text &&
  (a.paragraphs ?? []).join('\n') === (b.paragraphs ?? []).join('\n');

export function showOk(request: OkRequest): Promise<void> {
  if (alreadyQueued((dialog) => dialog.kind === 'ok' && sameOk(dialog.request, request))) {
    return Promise.resolve();
  }
  const id = nextId++;
  return new Promise((resolve) =>
    enqueue({
      id,
      kind: 'ok',
      request,
      settle: () => {
        remove(id);
        resolve();
      },
    }),
  );
}

/** R-PERM-10: 'You do not have permissions to access this form' followed by the form name. */
export function showInsufficientPermission(formName: string): Promise<void> {
  if (
    alreadyQueued(
      (dialog) => dialog.kind === 'insufficientPermission' && dialog.formName === formName,
    )
  ) {
    return Promise.resolve();
  }
  const id = nextId++;
  return new Promise((resolve) =>
    enqueue({
      id,
      kind: 'insufficientPermission',
      formName,
      settle: () => {
        remove(id);
        resolve();
      },
    }),
  );
}
