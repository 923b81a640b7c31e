/** A grid column of getListControlData (spec section 2, Data grids; widths of section 9). */
export interface ItemColumn {
  field: string;
  header: string;
  type: string;
  width: number;
  filterKind: FilterKind;
  dateTimeFormatType: number;
  dateTimeFormat?: string;
  picklistId?: number;
  editInGrid?: boolean;
  /** GENERIC_ITEM_TYPE columns: the type of the items the attribute points at. */
  componentId?: number;
  /** A dependent picklist: the attribute holding its parent value (the row's `<dependsOn>Value`). */
  dependsOn?: string;
  hidden?: boolean;
  sortable: boolean;
}

export type FilterKind =
  'text' | 'number' | 'integer' | 'date' | 'boolean' | 'list' | 'status' | 'user' | 'project' | 'reference' | 'none';

export interface ListView {
  id: number;
  name: string;
  kind: string;
  compact: boolean;
  isDefault: boolean;
}

export interface ListQuery {
  id: number;
  name: string;
  isDefault: boolean;
}

export interface StatusOption {
  id: number;
  name: string;
  color: string;
}

/** The answer of GET /genericItem/getListControlData. */
export interface ListDefinition {
  componentID: number;
  componentName: string;
  projectID: number;
  columns: ItemColumn[];
  views: ListView[];
  queries: ListQuery[];
  viewId: number;
  queryId: number;
  compact: boolean;
  /** The caller may delete items of the type (in the project). */
  canDelete?: boolean;
  statuses: StatusOption[];
}

/**
 * A row of executeFilter: system keys, attribute values, and whether the caller may change the
 * item (CanEdit; when false, CannotEditReason is the server's message for a change).
 */
export type ItemRow = Record<string, unknown> & { id: number; CanEdit?: boolean; CannotEditReason?: string };

/** The answer of POST /genericItem/executeFilter. */
export interface ItemPage {
  rows: ItemRow[];
  total: number;
  totalIsEstimate: boolean;
  /** exact, estimate (the planner's), or atLeast (a lower bound). */
  totalKind?: 'exact' | 'estimate' | 'atLeast';
  /** Present when the next page may be asked by keyset (as `after`). */
  nextCursor?: string;
  page: number;
  rowsPerPage: number;
}

export interface FilterItem {
  field: string;
  operator: string;
  value?: unknown;
}

/** The body of executeFilter (spec section 7) and of the exports. */
export interface ExecuteFilterRequest {
  listControlData: { componentID: number };
  componentID: number;
  projectId: number;
  queryId: number;
  viewId: number;
  page: number;
  order: string;
  rowsPerPage: number;
  sortDirection: 'asc' | 'desc';
  filters: FilterItem[];
  persistQueryOrView: boolean;
  logicSeparator: 'AND' | 'OR';
  search?: string;
  /** The previous page's nextCursor: keyset paging, as cheap deep in a big list as on page 1. */
  after?: string;
  ids?: number[];
}

export interface Choice {
  value: string | number;
  label: string;
  color?: string;
  /** A dependent picklist's option: the parent value it belongs to (null: none, it fits every parent). */
  parentValue?: string | null;
}
