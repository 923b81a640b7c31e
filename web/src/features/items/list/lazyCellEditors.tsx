import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';

/**
 * The grid's cell editors, loaded when a cell is first edited (or once the page has rows the user
 * may change): the date editor carries MUI X Date Pickers, which the list's first rows do not need.
 */
export const loadCellEditors = () => import('./CellEditors');

function deferred<K extends 'NumberEditCell' | 'DateEditCell' | 'ListEditCell' | 'ReferenceEditCell'>(name: K) {
  type Props = ComponentProps<Awaited<ReturnType<typeof loadCellEditors>>[K]>;
  const Editor = lazy(async () => ({ default: (await loadCellEditors())[name] as ComponentType<Props> }));
  function DeferredEditor(props: Props) {
    return (
      <Suspense fallback={null}>
        <Editor {...props} />
      </Suspense>
    );
  }
  DeferredEditor.displayName = name;
  return DeferredEditor;
}

export const NumberEditCell = deferred('NumberEditCell');
export const DateEditCell = deferred('DateEditCell');
export const ListEditCell = deferred('ListEditCell');
export const ReferenceEditCell = deferred('ReferenceEditCell');
