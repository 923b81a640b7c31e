import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { FormInitialData, FormItem, SaveItemResult } from './types';

// The reference pickers' lookups moved to src/api/lookups.ts, which the items list shares; the form's
// modules keep importing them from here.
export {
  loadCalendars,
  loadItemTypeStatuses,
  lookup,
  lookupSourceOf,
  type CalendarChoice,
  type Choice,
  type LookupSource,
  type StatusChoice,
} from '../../api/lookups';

// The generic item calls the form uses (spec section 7, base /genericItem; api/openapi.yaml).
const base = '/genericItem';

export interface InitialDataRequest {
  componentID: number;
  formID?: number;
  itemID?: number;
  projectID?: number;
  parentID?: number;
}

export const formKeys = {
  all: ['forms'] as const,
  initialData: (request: InitialDataRequest) => [...formKeys.all, 'initialData', request] as const,
  history: (itemId: number) => [...formKeys.all, 'history', itemId] as const,
  changes: (current: number, previous: number) => [...formKeys.all, 'changes', current, previous] as const,
  picklist: (picklistId: number, parentValue: string | null | undefined) =>
    [...formKeys.all, 'picklist', picklistId, parentValue ?? null] as const,
  children: (kind: string, itemId: number, childComponentId: number, page: number) =>
    [...formKeys.all, 'children', kind, itemId, childComponentId, page] as const,
};

export function initialDataQuery(request: InitialDataRequest) {
  return queryOptions({
    queryKey: formKeys.initialData(request),
    queryFn: ({ signal }) => api.post<FormInitialData>(`${base}/getFormInitialData`, request, { signal }),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export interface SaveItemRequest {
  item: FormItem;
  component: number;
  projectId?: number;
  saveAndClear: boolean;
  formID: number;
}

export const saveItem = (request: SaveItemRequest) => api.post<SaveItemResult>(`${base}/saveItem`, request);

export interface RefreshResult {
  changed: boolean;
  modificationDateTicks: number;
  version: number;
  modifierName: string;
}

export const refreshItem = (itemId: number, component: number, modificationDateTicks: number) =>
  api.post<RefreshResult>(`${base}/refreshItem`, { itemId, component, modificationDateTicks });

export interface HistoryEntry {
  id: number;
  version: number;
  operation: string;
  operationName: string;
  modifiedAt: string;
  modifierName: string;
  changedFields: string[];
  /** A time entry added, changed or removed (negative id): what it was; no diff to open. */
  summary?: string;
}

export function historyQuery(itemId: number) {
  return queryOptions({
    queryKey: formKeys.history(itemId),
    queryFn: ({ signal }) => api.get<HistoryEntry[]>(`${base}/getHistory`, { query: { itemId }, signal }),
  });
}

export interface AttributeChange {
  field: string;
  label: string;
  type: string;
  previous: string;
  current: string;
  changed: boolean;
}

export function attributeChangesQuery(currentVersion: number, previousVersion: number, componentId: number) {
  return queryOptions({
    queryKey: formKeys.changes(currentVersion, previousVersion),
    queryFn: ({ signal }) =>
      api.get<AttributeChange[]>(`${base}/getAttributeChanges`, {
        query: { currentVersion, previousVersion, componentId },
        signal,
      }),
    staleTime: Infinity,
  });
}

export interface PicklistOption {
  value: string;
  text: string;
  color?: string;
  parentValue?: string | null;
}

export function picklistQuery(picklistId: number, parentValue: string | null | undefined, dependent: boolean) {
  return queryOptions({
    queryKey: formKeys.picklist(picklistId, dependent ? parentValue : undefined),
    queryFn: ({ signal }) =>
      api.post<PicklistOption[]>(
        `${base}/loadPicklistItems`,
        dependent ? { picklistId, parentValue: parentValue ?? null } : { picklistId },
        { signal },
      ),
    staleTime: 5 * 60_000,
    enabled: !dependent || Boolean(parentValue),
  });
}

export interface RelatedRow {
  id: number;
  FormattedID: number;
  Title: string;
  StatusName: string;
  StatusColor: string;
  ResponsibleName: string;
  CreatorName: string;
  CreationDate: string;
}

export interface RelatedPage {
  rows: RelatedRow[];
  total: number;
  canCreate: boolean;
}

export function childrenQuery(
  kind: 'list' | 'timeline',
  itemId: number,
  componentId: number,
  childComponentId: number,
  page: number,
  rowsPerPage: number,
) {
  const path = kind === 'timeline' ? 'loadOneToManyTimelineFormData' : 'loadOneToManyFormData';
  return queryOptions({
    queryKey: formKeys.children(kind, itemId, childComponentId, page),
    queryFn: ({ signal }) =>
      api.post<RelatedPage>(
        `${base}/${path}`,
        { itemId, componentId, childComponentId, page, rowsPerPage },
        { signal },
      ),
    enabled: itemId > 0,
  });
}

export interface Address {
  zip: string;
  street: string;
  complement: string;
  district: string;
  city: string;
  state: string;
}

export const addressByZipCode = (zip: string) => api.get<Address>(`${base}/getAddressByZipCode`, { query: { zip } });

/** What a form rule answers: a message, and the fields it changed with their new values for the form to show. */
export interface RuleResult {
  Message?: string;
  item?: Record<string, unknown>;
  changed?: string[];
}

export interface RuleRequest {
  componentID: number;
  formID: number;
  rule: string;
  item: FormItem;
  /** onChange: the field whose change runs the rule. */
  field?: string;
  /** A window's values (executeWindowCallResultFunction). */
  params?: Record<string, unknown>;
}

export const executeFormBusinessRule = (request: RuleRequest) =>
  api.post<RuleResult>(
    `${base}/${request.params ? 'executeWindowCallResultFunction' : 'executeFormBusinessRule'}`,
    request,
  );

// Files and links of an item (docs/items.md, "Files, links and Excel import"). Their keys live
// apart from formKeys so a change of files or links refreshes only these controls.
export const relationKeys = {
  files: (itemId: number) => [...formKeys.all, 'files', itemId] as const,
  links: (itemId: number) => [...formKeys.all, 'links', itemId] as const,
  linkList: (itemId: number, relatedComponentId: number, page: number) =>
    [...relationKeys.links(itemId), relatedComponentId, page] as const,
  linkChoices: (itemId: number, relatedComponentId: number, text: string) =>
    [...relationKeys.links(itemId), 'choices', relatedComponentId, text] as const,
};

/** A file of an item: an attachment, or its one digital content (the file chooser's). */
export interface Attachment {
  id: number;
  itemId: number;
  kind: 'attachment' | 'content';
  name: string;
  contentType: string;
  size: number;
  uploadedBy: string;
  uploadedAt: string;
  isImage: boolean;
}

export interface AttachmentList {
  files: Attachment[];
  content: Attachment | null;
  maxCount: number;
  maxSize: number;
  canEdit: boolean;
}

export function attachmentsQuery(itemId: number, componentId: number) {
  return queryOptions({
    queryKey: relationKeys.files(itemId),
    queryFn: ({ signal }) =>
      api.get<AttachmentList>(`${base}/loadAttachments`, { query: { itemId, componentId }, signal }),
    enabled: itemId > 0,
  });
}

/** uploadFiles: the fields go before the files, as the server reads the body as it streams in. */
export function uploadFiles(itemId: number, componentId: number, kind: Attachment['kind'], files: File[]) {
  const body = new FormData();
  body.append('itemId', String(itemId));
  body.append('component', String(componentId));
  body.append('kind', kind);
  for (const file of files) body.append('files', file, file.name);
  return api.post<{ Message: string; files: Attachment[] }>(`${base}/uploadFiles`, body);
}

export const deleteAttachment = (fileId: number) =>
  api.post<{ Message: string }>(`${base}/deleteAttachment`, { fileId });

/** A link that opens the file for an hour without the session header, named by the server. */
export const attachmentLink = (fileId: number) =>
  api.get<{ signedUrl: string; name: string }>(`${base}/getAttachmentLink`, { query: { fileId } });

export interface LinkedRow extends RelatedRow {
  componentId: number;
  componentName: string;
}

export interface LinkPage {
  rows: LinkedRow[];
  total: number;
  canEdit: boolean;
}

/** The items linked to the form's item: of one type (many-to-many) or of any (item links, 0). */
export function linksQuery(
  itemId: number,
  componentId: number,
  relatedComponentId: number,
  page: number,
  rowsPerPage: number,
) {
  const path = relatedComponentId ? 'loadManyToManyFormData' : 'loadItemLinksFormData';
  return queryOptions({
    queryKey: relationKeys.linkList(itemId, relatedComponentId, page),
    queryFn: ({ signal }) =>
      api.post<LinkPage>(`${base}/${path}`, { itemId, componentId, relatedComponentId, page, rowsPerPage }, { signal }),
    enabled: itemId > 0,
  });
}

export interface LinkChange {
  itemId: number;
  componentId: number;
  relatedComponentId: number;
  add?: number[];
  remove?: number[];
}

export const refreshManyToManyItems = (change: LinkChange) =>
  api.post<LinkPage>(`${base}/refreshManyToManyItems`, change);

export interface LinkChoice {
  id: number;
  FormattedID: number;
  Title: string;
  componentId: number;
  componentName: string;
}

/** Items that could be linked (readable, not linked yet, not the item itself), by title or number. */
export function linkChoicesQuery(
  itemId: number,
  componentId: number,
  relatedComponentId: number,
  text: string,
  enabled: boolean,
) {
  return queryOptions({
    queryKey: relationKeys.linkChoices(itemId, relatedComponentId, text),
    queryFn: ({ signal }) =>
      api.post<LinkChoice[]>(
        `${base}/loadManyToManyComboData`,
        { itemId, componentId, relatedComponentId, text, limit: 50 },
        { signal },
      ),
    enabled: enabled && itemId > 0,
    staleTime: 10_000,
  });
}
