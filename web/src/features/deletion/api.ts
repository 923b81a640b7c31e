import { api } from '../../api/client';

/** deleteItem: the items of one type, all or none (409 names an item others depend on). */
export const deleteItems = (request: { ids: number[]; componentId: number }) =>
  api.post<{ success: boolean }>('/genericItem/deleteItem', request);
