import { useEffect, useMemo, useState } from 'react';
import type {
  GridColumnVisibilityModel,
  GridFilterModel,
  GridPaginationModel,
  GridRowSelectionModel,
  GridSortModel,
} from '@mui/x-data-grid';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { exportFileName, saveBlob } from '../../../lib/download';
import '../i18n';
import { exportWorkbook, itemPageQuery, listKeys } from './api';
import { initiallyHidden } from './columns';
import { DEFAULT_PAGE_SIZE, readPrefs, writePrefs } from './prefs';
import { toExecuteFilterRequest } from './request';
import type { ListDefinition } from './types';

export interface UseListStateOptions {
  definition: ListDefinition;
  projectId: number;
  queryId: number;
  /** Ask the server to remember the query and view as the user's last (the user chose them). */
  persist: boolean;
}

/**
 * A list's state: the page, sort, filters, hidden columns and selection the grid shows, the page
 * of items executeFilter answers for them, and the Excel exports. The browser remembers the page
 * size and hidden columns per item type and view.
 */
export function useListState({ definition, projectId, queryId, persist }: UseListStateOptions) {
  const { t, i18n } = useTranslation('items');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const componentID = definition.componentID;
  const viewId = definition.viewId;
  const prefs = useMemo(() => readPrefs(componentID, viewId), [componentID, viewId]);
  const [pagination, setPagination] = useState<GridPaginationModel>({
    page: 0,
    pageSize: prefs.pageSize ?? DEFAULT_PAGE_SIZE,
  });
  const [sort, setSort] = useState<GridSortModel>([]);
  const [filter, setFilter] = useState<GridFilterModel>({ items: [] });
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>(() => ({
    ...initiallyHidden(definition.columns),
    ...prefs.columns,
  }));
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });

  // The nextCursor the page before answered, when the user moved one page forward (keyset paging).
  const [after, setAfter] = useState<string | undefined>();
  const request = useMemo(
    () =>
      toExecuteFilterRequest(
        { componentID, projectId, queryId, viewId, pagination, sort, filter, persist, after },
        definition.columns,
      ),
    [componentID, projectId, queryId, viewId, pagination, sort, filter, persist, after, definition.columns],
  );
  const page = useQuery({ ...itemPageQuery(request, lang), placeholderData: keepPreviousData });
  const pageError = page.error;
  useEffect(() => {
    if (pageError) enqueueSnackbar(pageError.message, { variant: 'error' });
  }, [pageError, enqueueSnackbar]);
  const pageKey = useMemo(() => listKeys.page(request, lang), [request, lang]);

  const changePagination = (model: GridPaginationModel) => {
    if (model.pageSize === pagination.pageSize) {
      const forward = model.page === pagination.page + 1 && page.data?.page === pagination.page;
      setAfter(forward ? page.data?.nextCursor : undefined);
      setPagination(model);
      return;
    }
    setAfter(undefined);
    // Another page size starts again at the first page.
    setPagination({ page: 0, pageSize: model.pageSize });
    writePrefs(componentID, viewId, { columns: visibility, pageSize: model.pageSize });
  };
  const changeSort = (model: GridSortModel) => {
    setSort(model);
    setAfter(undefined);
    setPagination((p) => ({ ...p, page: 0 }));
  };
  const changeFilter = (model: GridFilterModel) => {
    setFilter(model);
    setAfter(undefined);
    setPagination((p) => ({ ...p, page: 0 }));
  };
  const changeVisibility = (model: GridColumnVisibilityModel) => {
    setVisibility(model);
    writePrefs(componentID, viewId, { columns: model, pageSize: pagination.pageSize });
  };

  const selectedIds = selection.type === 'include' ? [...selection.ids].map(Number) : [];
  const exportExcel = async (full: boolean) => {
    const key = enqueueSnackbar(t('list.exporting'), { variant: 'info', persist: true });
    try {
      // The page by its offset: the exports take executeFilter's body without a cursor.
      const body = {
        ...request,
        after: undefined,
        persistQueryOrView: false,
        ...(!full && selectedIds.length ? { ids: selectedIds } : {}),
      };
      const blob = await exportWorkbook(body, full);
      saveBlob(blob, `${exportFileName(definition.componentName)}.xlsx`);
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
    } finally {
      closeSnackbar(key);
    }
  };
  // Bulk edits, transitions and bulk operations change rows of any page: every page is asked again.
  const reloadPages = () => void queryClient.invalidateQueries({ queryKey: listKeys.pages });

  return {
    page,
    pageKey,
    pagination,
    changePagination,
    sort,
    changeSort,
    filter,
    changeFilter,
    visibility,
    changeVisibility,
    selection,
    setSelection,
    selectedIds,
    exportExcel,
    reloadPages,
  };
}
