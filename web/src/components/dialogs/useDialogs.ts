import { createContext, useContext, type ReactNode } from 'react';

export interface PromptOptions {
  title: ReactNode;
  message?: ReactNode;
  label?: string;
  defaultValue?: string;
  required?: boolean;
}

export interface Dialogs {
  /** Resolves on Yes; rejects on No. */
  confirm: (message: ReactNode, title?: ReactNode) => Promise<void>;
  /** Resolves with the text on OK; rejects on Cancel. */
  prompt: (options: PromptOptions) => Promise<string>;
  alert: (message: ReactNode, title?: ReactNode) => Promise<void>;
}

export const DialogsContext = createContext<Dialogs | null>(null);

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs must be used below <DialogsProvider>');
  return dialogs;
}

/** Thrown (rejected) when the user answers No or cancels. */
export class DialogCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'DialogCancelled';
  }
}
