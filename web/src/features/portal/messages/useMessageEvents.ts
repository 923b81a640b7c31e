import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getToken } from '../../../app/session';
import { currentLanguage } from '../../../i18n';
import { messagesQuery } from './api';
import { openMessageEvents } from './events';

/** Keeps the message list (and the unread badge) live while signed in: any event reloads it. */
export function useMessageEvents(token: string | null) {
  const queryClient = useQueryClient();
  const signedIn = token !== null;
  useEffect(() => {
    if (!signedIn) return undefined;
    return openMessageEvents({
      getToken,
      getLanguage: currentLanguage,
      onEvent: (event) => {
        if (event.event === 'messages' || event.event === 'ready')
          void queryClient.invalidateQueries({ queryKey: messagesQuery.queryKey });
      },
    });
  }, [signedIn, queryClient]);
}
