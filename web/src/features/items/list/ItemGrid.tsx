import { useMemo, type ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridFilterModel,
  type GridLocaleText,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { enUS, ptBR } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';
import '../i18n';
import { rowRight } from './cellEdit';
import { EDITABLE_CELL, isEditableCell } from './editColumns';
import { PAGE_SIZES } from './prefs';
import type { ItemPage, ItemRow } from './types';

declare module '@mui/x-data-grid' {
  interface ToolbarPropsOverrides {
    /** The default toolbar's extra export menu entries (xlsx). */
    additionalExportMenuItems?: (onMenuItemClick: () => void) => ReactNode;
  }
}

export interface ItemGridProps {
  /** The item type's name: the grid's accessible name. */
  componentName: string;
  /** The file name of the CSV export, without its extension. */
  fileName: string;
  page: ItemPage | undefined;
  loading: boolean;
  columns: GridColDef<ItemRow>[];
  pagination: GridPaginationModel;
  onPagination: (model: GridPaginationModel) => void;
  sort: GridSortModel;
  onSort: (model: GridSortModel) => void;
  filter: GridFilterModel;
  onFilter: (model: GridFilterModel) => void;
  visibility: GridColumnVisibilityModel;
  onVisibility: (model: GridColumnVisibilityModel) => void;
  selection: GridRowSelectionModel;
  onSelection: (model: GridRowSelectionModel) => void;
  /** The fields a cell edit may change: a click on another cell opens the item's form. */
  editableFields: Set<string>;
  onOpen: (row: ItemRow) => void;
  processRowUpdate: NonNullable<DataGridProps<ItemRow>['processRowUpdate']>;
  onProcessRowUpdateError: NonNullable<DataGridProps<ItemRow>['onProcessRowUpdateError']>;
  /** Some rows are selected: the Excel export takes them rather than the page. */
  exportsSelection: boolean;
  onExportExcel: (full: boolean) => void;
}

/** The items of a list: a page at a time, sorted and filtered by the server, editable cell by cell. */
export function ItemGrid({
  componentName,
  fileName,
  page,
  loading,
  columns,
  pagination,
  onPagination,
  sort,
  onSort,
  filter,
  onFilter,
  visibility,
  onVisibility,
  selection,
  onSelection,
  editableFields,
  onOpen,
  processRowUpdate,
  onProcessRowUpdateError,
  exportsSelection,
  onExportExcel,
}: ItemGridProps) {
  const { t, i18n } = useTranslation('items');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const total = page?.total ?? 0;

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

  return (
    <DataGrid<ItemRow>
      aria-label={t('list.grid', { name: componentName })}
      rows={page?.rows ?? []}
      columns={columns}
      // Past the server's exact-count cap the total is an estimate (the header shows "≈").
      rowCount={page?.totalIsEstimate ? -1 : total}
      estimatedRowCount={page?.totalIsEstimate ? total : undefined}
      paginationMeta={page?.totalIsEstimate ? { hasNextPage: page.rows.length === page.rowsPerPage } : undefined}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      paginationModel={pagination}
      onPaginationModelChange={onPagination}
      pageSizeOptions={PAGE_SIZES}
      sortModel={sort}
      onSortModelChange={onSort}
      filterModel={filter}
      onFilterModelChange={onFilter}
      filterDebounceMs={400}
      columnVisibilityModel={visibility}
      onColumnVisibilityModelChange={onVisibility}
      checkboxSelection
      disableRowSelectionOnClick
      keepNonExistentRowsSelected
      rowSelectionModel={selection}
      onRowSelectionModelChange={onSelection}
      // A click on an editable cell focuses it (a double-click or Enter edits it); other cells open the form,
      // so do the cells of a row the user may not change (the form shows it read-only).
      onCellClick={(params) => {
        const editable = editableFields.has(params.field) && rowRight(params.row).canEdit;
        if (params.field !== '__check__' && params.field !== 'Title' && !editable) onOpen(params.row);
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
          csvOptions: { fileName, delimiter: lang === 'en' ? ',' : ';', utf8WithBom: true },
          printOptions: { hideFooter: true, hideToolbar: true },
          additionalExportMenuItems: (close: () => void) => [
            <MenuItem
              key="xlsx"
              onClick={() => {
                close();
                onExportExcel(false);
              }}
            >
              {exportsSelection ? t('list.exportExcelSelected') : t('list.exportExcel')}
            </MenuItem>,
            <MenuItem
              key="xlsx-full"
              onClick={() => {
                close();
                onExportExcel(true);
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
  );
}
