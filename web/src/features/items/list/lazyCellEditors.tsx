import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * The grid's cell editors, loaded when a cell is first edited (or once the page has rows the user
 * may change): the date editor carries MUI X Date Pickers, which the list's first rows do not need.
 */
const loadCellEditors = () => import('./CellEditors');

const NumberEditor = lazy(() => loadCellEditors().then((m) => ({ default: m.NumberEditCell })));
const DateEditor = lazy(() => loadCellEditors().then((m) => ({ default: m.DateEditCell })));
const ListEditor = lazy(() => loadCellEditors().then((m) => ({ default: m.ListEditCell })));
const ReferenceEditor = lazy(() => loadCellEditors().then((m) => ({ default: m.ReferenceEditCell })));

export function NumberEditCell(props: ComponentProps<typeof NumberEditor>) {
  return (
    <Suspense fallback={null}>
      <NumberEditor {...props} />
    </Suspense>
  );
}

export function DateEditCell(props: ComponentProps<typeof DateEditor>) {
  return (
    <Suspense fallback={null}>
      <DateEditor {...props} />
    </Suspense>
  );
}

export function ListEditCell(props: ComponentProps<typeof ListEditor>) {
  return (
    <Suspense fallback={null}>
      <ListEditor {...props} />
    </Suspense>
  );
}

export function ReferenceEditCell(props: ComponentProps<typeof ReferenceEditor>) {
  return (
    <Suspense fallback={null}>
      <ReferenceEditor {...props} />
    </Suspense>
  );
}
