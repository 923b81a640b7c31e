import { useCallback, useState } from 'react';

export interface PromiseDialogState<P, R> {
  props: P;
  /** Closes the dialog and settles the promise open() returned. */
  close: (result: R) => void;
}

/**
 * A dialog opened as a promise (spec section 4: 'modal dialogs resolve on
 * close'): `const answer = await open(props)`. Render the dialog while the
 * returned state is not null, passing it `state.props` and `state.close`.
 */
export function usePromiseDialog<P, R>(): [(props: P) => Promise<R>, PromiseDialogState<P, R> | null] {
  const [state, setState] = useState<PromiseDialogState<P, R> | null>(null);
  const open = useCallback(
    (props: P) =>
      new Promise<R>((resolve) => {
        setState({
          props,
          close: (result) => {
            setState(null);
            resolve(result);
          },
        });
      }),
    [],
  );
  return [open, state];
}
