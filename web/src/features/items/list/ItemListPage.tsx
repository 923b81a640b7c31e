import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  DataGrid,
  type GridColumnVisibilityModel,
  type GridFilterModel,
  type GridLocaleText,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { enUS, ptBR } from '@mui/x-data-grid/locales';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import '../i18n';
import { SelectionActions } from '../bulk/SelectionActions';
import {
  exportWorkbook,
  itemPageQuery,
  listDefinitionQuery,
  listKeys,
  picklistChoicesQuery,
  projectChoicesQuery,
  userChoicesQuery,
} from './api';
import { editKindOf, rowRight, type EditProblem } from './cellEdit';
import { buildColumns, initiallyHidden } from './columns';
import { EDITABLE_CELL, isEditableCell, withEditing } from './editColumns';
import { exportFileName, saveBlob } from '../../../lib/download';
import { ImportExcelButton } from '../import/ImportExcelButton';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, readPrefs, writePrefs } from './prefs';
import { toExecuteFilterRequest } from './request';
import type { Choice, ItemColumn, ItemPage, ItemRow, ListDefinition } from './types';
import { useCellEditing } from './useCellEditing';

declare module '@mui/x-data-grid' {
  interface ToolbarPropsOverrides {
    /** The default toolbar's extra export menu entries (xlsx). */
    additionalExportMenuItems?: (onMenuItemClick: () => void) => ReactNode;
  }
}

const toId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/**
 * /runtime/{appID}/list/{componentID}/{form}/{query}/{view}/{title} and
 * /runtime/{appID}/listProject/{componentID}/{projectID}/{title}: an item type's list (spec section 2).
 */
export default function ItemListPage() {
  const { pathname } = useLocation();
  // A new menu entry (another query, view or type) starts a fresh list.
  return <ItemList key={pathname} />;
}

function ItemList() {
  const { t, i18n } = useTranslation('items');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const params = useParams();
  const componentID = toId(params.componentID);
  const projectId = toId(params.projectID);
  const [viewId, setViewId] = useState(toId(params.view));
  const [queryId, setQueryId] = useState(toId(params.query));
  const [persist, setPersist] = useState(false);
  const definition = useQuery({
    ...listDefinitionQuery(componentID, projectId, viewId, lang),
    placeholderData: keepPreviousData,
  });
  const title = params.title ?? definition.data?.componentName ?? '';

  if (definition.isError) {
    const notFound =
      isApiError(definition.error) && (definition.error.status === 404 || definition.error.status === 400);
    return (
      <Box sx={{ py: 8, textAlign: 'center' }}>
        <Typography variant="h6" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">{notFound ? t('list.notFound') : definition.error.message}</Typography>
        <Button component={RouterLink} to={`/runtime/${params.appID ?? ''}`} sx={{ mt: 2 }}>
          {t('list.backToApp')}
        </Button>
      </Box>
    );
  }
  if (!definition.data) {
    return (
      <Box aria-busy="true" aria-label={t('list.loading')}>
        <Skeleton variant="text" width={280} height={40} />
        <Skeleton variant="rounded" height={480} sx={{ mt: 2 }} />
      </Box>
    );
  }
  return (
    <ListScreen
      // Another view or query is another list: paging, sort and filters start over.
      key={`${definition.data.viewId}-${queryId || definition.data.queryId}`}
      definition={definition.data}
      title={title}
      appID={params.appID ?? ''}
      form={toId(params.form)}
      projectId={projectId}
      queryId={queryId || definition.data.queryId}
      persist={persist}
      onQuery={(id) => {
        setQueryId(id);
        setPersist(true);
      }}
      onView={(id) => {
        setViewId(id);
        setPersist(true);
      }}
    />
  );
}

function totalText(page: ItemPage, t: TFunction<'items'>): string {
  if (page.totalKind === 'atLeast') return t('list.itemsAtLeast', { count: page.total });
  if (page.totalIsEstimate) return t('list.itemsEstimate', { count: page.total });
  return t('list.items', { count: page.total });
}

interface ListScreenProps {
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

function useChoices(definition: ListDefinition) {
  const { t, i18n } = useTranslation('items');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const kinds = new Set(definition.columns.map((c) => c.filterKind));
  const picklistIds = [...new Set(definition.columns.flatMap((c) => (c.picklistId ? [c.picklistId] : [])))];
  const users = useQuery({ ...userChoicesQuery, enabled: kinds.has('user') });
  const projects = useQuery({ ...projectChoicesQuery, enabled: kinds.has('project') });
  // One query per picklist, cached for a few minutes.
  const picklists = usePicklists(picklistIds, lang);
  return useCallback(
    (column: ItemColumn): Choice[] => {
      switch (column.filterKind) {
        case 'status':
          return definition.statuses.map((s) => ({ value: s.id, label: s.name, color: s.color }));
        case 'user':
          return [{ value: '@me', label: t('list.me') }, ...(users.data ?? [])];
        case 'project':
          return [
            ...(definition.projectID ? [{ value: '@project', label: t('list.currentProject') }] : []),
            ...(projects.data ?? []),
          ];
        case 'list':
          return (column.picklistId && picklists[column.picklistId]) || [];
        default:
          return [];
      }
    },
    [definition, users.data, projects.data, picklists, t],
  );
}

function usePicklists(ids: number[], lang: string): Record<number, Choice[]> {
  return useQueries({
    queries: ids.map((id) => picklistChoicesQuery(id, lang)),
    combine: (results) => {
      const out: Record<number, Choice[]> = {};
      results.forEach((r, i) => {
        const id = ids[i];
        if (r.data && id !== undefined) out[id] = r.data;
      });
      return out;
    },
  });
}

function ListScreen({ definition, title, appID, form, projectId, queryId, persist, onQuery, onView }: ListScreenProps) {
  const { t, i18n } = useTranslation('items');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const navigate = useNavigate();
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

  const choices = useChoices(definition);
  // Whether any row of the page may be changed (executeFilter's CanEdit): otherwise the headers claim nothing.
  const anyEditable = (page.data?.rows ?? []).some((r) => rowRight(r).canEdit);
  const editLink = useCallback(
    (row: ItemRow) => `/runtime/${appID}/editItem/${componentID}/${row.id}/${form}`,
    [appID, componentID, form],
  );
  const columns = useMemo(() => {
    const context = {
      lang,
      yes: t('list.yes'),
      no: t('list.no'),
      hasAttachments: t('list.hasAttachments'),
      hasContent: t('list.hasContent'),
      openLabel: (itemTitle: string) => t('list.open', { title: itemTitle }),
      range: { between: t('list.between'), from: t('list.from'), to: t('list.to') },
      choices,
      editLink,
    };
    const editing = {
      lang,
      problemText: (problem: EditProblem) => t(`list.edit.${problem}`),
      emptyLabel: t('list.edit.empty'),
      editableHint: t('list.edit.hint'),
      choices,
      reference: {
        placeholder: t('list.edit.search'),
        noOptions: t('list.edit.noOptions'),
        loading: t('list.edit.loading'),
        clear: t('list.edit.clear'),
      },
      anyEditable,
      lockedHint: t('list.edit.locked'),
      dependentHint: (parent: string | undefined, parentEmpty: boolean) =>
        parentEmpty
          ? parent
            ? t('list.edit.chooseParent', { parent })
            : t('list.edit.chooseParentFirst')
          : parent
            ? t('list.edit.noOptionsForParent', { parent })
            : t('list.edit.noOptionsForParentValue'),
    };
    return withEditing(buildColumns(definition.columns, context, visibility), definition.columns, editing);
  }, [definition.columns, lang, t, choices, editLink, visibility, anyEditable]);
  const editableFields = useMemo(
    () => new Set(definition.columns.filter((c) => editKindOf(c)).map((c) => c.field)),
    [definition.columns],
  );
  const pageKey = useMemo(() => listKeys.page(request, lang), [request, lang]);
  const { processRowUpdate, onProcessRowUpdateError } = useCellEditing(componentID, definition.columns, lang, pageKey);

  const localeText = useMemo<Partial<GridLocaleText>>(() => {
    const base = (lang === 'en' ? enUS : ptBR).components.MuiDataGrid.defaultProps.localeText;
    return {
      ...base,
      noRowsLabel: t('list.noRecords'),
      noResultsOverlayLabel: t('list.noRecords'),
      toolbarQuickFilterPlaceholder: t('list.search'),
      toolbarQuickFilterLabel: t('list.search'),
      filterValueTrue: t('list.yes'),
      filterValueFalse: t('list.no'),
    };
  }, [lang, t]);

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

  const total = page.data?.total ?? 0;
  const listViews = definition.views.filter((v) => v.kind === 'list' || v.kind === '');

  return (
    <Stack spacing={2} sx={{ height: '100%', minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2 }}>
        <Box sx={{ minWidth: 0, flex: '0 1 auto' }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, fontSize: 22, letterSpacing: -0.2 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="list-summary">
            {definition.componentName}
            {page.data && ' · '}
            {page.data && totalText(page.data, t)}
          </Typography>
        </Box>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: { xs: 'flex-start', sm: 'flex-end' },
            gap: 1.5,
            alignItems: 'center',
            flex: '1 1 auto',
            minWidth: 0,
          }}
        >
          {definition.queries.length > 0 && (
            <TextField
              select
              size="small"
              label={t('list.query')}
              value={queryId || ''}
              onChange={(e) => onQuery(Number(e.target.value))}
              fullWidth={false}
              sx={{ width: { xs: 'calc(50% - 6px)', sm: 190 } }}
            >
              {definition.queries.map((q) => (
                <MenuItem key={q.id} value={q.id}>
                  {q.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {listViews.length > 1 && (
            <TextField
              select
              size="small"
              label={t('list.view')}
              value={viewId || ''}
              onChange={(e) => onView(Number(e.target.value))}
              fullWidth={false}
              sx={{ width: { xs: 'calc(50% - 6px)', sm: 160 } }}
            >
              {listViews.map((v) => (
                <MenuItem key={v.id} value={v.id}>
                  {v.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <ImportExcelButton componentID={componentID} projectId={projectId} />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ whiteSpace: 'nowrap' }}
            component={RouterLink}
            to={`/runtime/${appID}/insertItem/${componentID}/${projectId}/${form}`}
          >
            {t('list.newItem')}
          </Button>
        </Box>
      </Box>
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
          ids={selectedIds}
          // Bulk edits, transitions and bulk operations change rows of any page: every page is asked again.
          onChanged={() => void queryClient.invalidateQueries({ queryKey: listKeys.pages })}
        />
        <DataGrid<ItemRow>
          aria-label={t('list.grid', { name: definition.componentName })}
          rows={page.data?.rows ?? []}
          columns={columns}
          // Past the server's exact-count cap the total is an estimate: the footer says "cerca de".
          rowCount={page.data?.totalIsEstimate ? -1 : total}
          estimatedRowCount={page.data?.totalIsEstimate ? total : undefined}
          paginationMeta={
            page.data?.totalIsEstimate ? { hasNextPage: page.data.rows.length === page.data.rowsPerPage } : undefined
          }
          loading={page.isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={pagination}
          onPaginationModelChange={(model) => {
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
          }}
          pageSizeOptions={PAGE_SIZES}
          sortModel={sort}
          onSortModelChange={(model) => {
            setSort(model);
            setAfter(undefined);
            setPagination((p) => ({ ...p, page: 0 }));
          }}
          filterModel={filter}
          onFilterModelChange={(model) => {
            setFilter(model);
            setAfter(undefined);
            setPagination((p) => ({ ...p, page: 0 }));
          }}
          filterDebounceMs={400}
          columnVisibilityModel={visibility}
          onColumnVisibilityModelChange={(model) => {
            setVisibility(model);
            writePrefs(componentID, viewId, { columns: model, pageSize: pagination.pageSize });
          }}
          checkboxSelection
          disableRowSelectionOnClick
          keepNonExistentRowsSelected
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
          // A click on an editable cell focuses it (a double-click or Enter edits it); other cells open the form,
          // so do the cells of a row the user may not change (the form shows it read-only).
          onCellClick={(params) => {
            const editable = editableFields.has(params.field) && rowRight(params.row).canEdit;
            if (params.field !== '__check__' && params.field !== 'Title' && !editable)
              void navigate(editLink(params.row));
          }}
          // The server's rule per row (executeFilter's CanEdit): no editor opens on a row the user may not change.
          isCellEditable={isEditableCell}
          processRowUpdate={processRowUpdate}
          onProcessRowUpdateError={onProcessRowUpdateError}
          localeText={localeText}
          showToolbar
          slotProps={{
            toolbar: {
              quickFilterProps: { debounceMs: 500 },
              csvOptions: {
                fileName: exportFileName(definition.componentName),
                delimiter: lang === 'en' ? ',' : ';',
                utf8WithBom: true,
              },
              printOptions: { hideFooter: true, hideToolbar: true },
              additionalExportMenuItems: (close: () => void) => [
                <MenuItem
                  key="xlsx"
                  onClick={() => {
                    close();
                    void exportExcel(false);
                  }}
                >
                  {selectedIds.length ? t('list.exportExcelSelected') : t('list.exportExcel')}
                </MenuItem>,
                <MenuItem
                  key="xlsx-full"
                  onClick={() => {
                    close();
                    void exportExcel(true);
                  }}
                >
                  {t('list.exportFullExcel')}
                </MenuItem>,
              ],
            },
          }}
          density="compact"
          sx={{
            border: 0,
            flex: 1,
            minHeight: 0,
            '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 700, fontSize: 12, letterSpacing: 0.4 },
            '& .MuiDataGrid-row': { cursor: 'pointer' },
            '& .MuiDataGrid-cell': { fontSize: 13 },
            // Editable cells say so on hover: a text cursor and a dashed frame (the others open the form).
            [`& .${EDITABLE_CELL}`]: { cursor: 'text' },
            [`& .${EDITABLE_CELL}:hover:not(.MuiDataGrid-cell--editing)`]: {
              outline: '1px dashed',
              outlineColor: 'primary.main',
              outlineOffset: '-3px',
              bgcolor: 'action.hover',
            },
            [`& .${EDITABLE_CELL}.MuiDataGrid-cell--editing`]: { p: 0 },
          }}
        />
      </Paper>
    </Stack>
  );
}
