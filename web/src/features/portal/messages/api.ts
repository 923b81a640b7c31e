import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** A message to the signed-in user (spec section 3). creationDate is UTC. */
export interface Message {
  id: number;
  title: string;
  messageText: string;
  creationDate: string;
  readed: boolean;
}

export const messagesQuery = queryOptions({
  queryKey: ['messages'],
  queryFn: ({ signal }) => api.get<Message[] | null>('/message/getMessages', { signal }).then((list) => list ?? []),
});

export const setReaded = (message: Pick<Message, 'id'>) => api.post<Message>('/message/setReaded', { id: message.id });
export const deleteMessage = (message: Pick<Message, 'id'>) => api.post('/message/delete', { id: message.id });
export const deleteAllMessages = () => api.post('/message/deleteAllMessages');
export const setAllReaded = () => api.post('/message/setAllReaded');
