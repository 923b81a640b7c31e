import { useCallback } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { exportFileName } from '../../../lib/download';
import '../i18n';
import { SelectionActions } from '../bulk/SelectionActions';
import { rowRight } from './cellEdit';
import { ItemGrid } from './ItemGrid';
import { ListHeader } from './ListHeader';
import type { ItemRow, ListDefinition } from './types';
import { useCellEditing } from './useCellEditing';
import { useChoices } from './useChoices';
import { useListColumns } from './useListColumns';
import { useListState } from './useListState';

export interface ListScreenProps {
  definition: ListDefinition;
  title: string;
  appID: string;
  form: number;
  projectId: number;
  queryId: number;
  persist: boolean;
  onQuery: (id: number) => void;
  onView: (id: number) => void;
}

/** An item type's list, its definition loaded: the header, the selection's actions and the grid. */
export function ListScreen({
  definition,
  title,
  appID,
  form,
  projectId,
  queryId,
  persist,
  onQuery,
  onView,
}: ListScreenProps) {
  const { i18n } = useTranslation('items');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const navigate = useNavigate();
  const componentID = definition.componentID;
  const list = useListState({ definition, projectId, queryId, persist });
  const page = list.page.data;

  const choices = useChoices(definition);
  // Whether any row of the page may be changed (executeFilter's CanEdit): otherwise the headers claim nothing.
  const anyEditable = (page?.rows ?? []).some((r) => rowRight(r).canEdit);
  const editLink = useCallback(
    (row: ItemRow) => `/runtime/${appID}/editItem/${componentID}/${row.id}/${form}`,
    [appID, componentID, form],
  );
  const { columns, editableFields } = useListColumns({
    definition,
    choices,
    visibility: list.visibility,
    anyEditable,
    editLink,
  });
  const { processRowUpdate, onProcessRowUpdateError } = useCellEditing(
    componentID,
    definition.columns,
    lang,
    list.pageKey,
  );

  return (
    <Stack spacing={2} sx={{ height: '100%', minWidth: 0 }}>
      <ListHeader
        definition={definition}
        title={title}
        page={page}
        queryId={queryId}
        onQuery={onQuery}
        onView={onView}
        projectId={projectId}
        newItemLink={`/runtime/${appID}/insertItem/${componentID}/${projectId}/${form}`}
      />
      <Paper
        variant="outlined"
        sx={{
          height: 'calc(100dvh - 230px)',
          minHeight: 440,
          overflow: 'hidden',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <SelectionActions
          componentId={componentID}
          formId={form}
          ids={list.selectedIds}
          onChanged={list.reloadPages}
          canDelete={definition.canDelete}
          onDeleted={() => {
            list.setSelection({ type: 'include', ids: new Set() });
            list.reloadPages();
          }}
        />
        <ItemGrid
          componentName={definition.componentName}
          fileName={exportFileName(definition.componentName)}
          page={page}
          loading={list.page.isFetching}
          columns={columns}
          pagination={list.pagination}
          onPagination={list.changePagination}
          sort={list.sort}
          onSort={list.changeSort}
          filter={list.filter}
          onFilter={list.changeFilter}
          visibility={list.visibility}
          onVisibility={list.changeVisibility}
          selection={list.selection}
          onSelection={list.setSelection}
          editableFields={editableFields}
          onOpen={(row) => void navigate(editLink(row))}
          processRowUpdate={processRowUpdate}
          onProcessRowUpdateError={onProcessRowUpdateError}
          exportsSelection={list.selectedIds.length > 0}
          onExportExcel={(full) => void list.exportExcel(full)}
        />
      </Paper>
    </Stack>
  );
}
