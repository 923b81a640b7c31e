import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { currentLanguage } from '../../i18n';

/** An application of the desktop (spec section 3; api/openapi.yaml Application). */
export interface Application {
  id: number;
  name: string;
  iconName: string;
  isFontAwesomeIcon: boolean;
  imageContent: string;
  displayOnToolbar: boolean;
  urlBehavior: boolean;
  urlLink: string;
  appVersion: string;
  collapsedMenu: boolean;
}

/** The application as the menu call answers it, with its script address. */
export interface RuntimeApplication extends Application {
  htmlScripts: string;
  htmlScriptsUrl: string;
}

/** A menu entry (spec section 3); `child` is present only when the entry has children. */
export interface MenuEntry {
  key: string;
  keyParent: string | null;
  name: string;
  link: string;
  icon: string;
  isFontAwesome: boolean;
  imageContent: string;
  badge: string;
  title: boolean;
  multilevel: boolean;
  child?: MenuEntry[];
}

// Names come in the request's language, so the language is part of every key.
export const applicationsQuery = () =>
  queryOptions({
    queryKey: ['applications', currentLanguage()],
    queryFn: ({ signal }) => api.get<Application[]>('/application/getAllowedApplications', { signal }),
    staleTime: 60_000,
    retry: false,
  });

export const applicationMenuQuery = (appID: string) =>
  queryOptions({
    queryKey: ['applicationMenu', appID, currentLanguage()],
    queryFn: async ({ signal }) => {
      const [menu, application] = await api.post<[MenuEntry[] | null, RuntimeApplication]>(
        '/application/getApplicationMenu',
        undefined,
        {
          query: { appID },
          signal,
        },
      );
      return { menu: menu ?? [], application };
    },
    staleTime: 60_000,
    retry: false,
  });

/** POST /api/users/changePassword: the signed-in user's own change. */
export function changePassword({
  oldPassword,
  newPassword,
  confirmPassword,
}: {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}) {
  return api.post('/users/changePassword', { oldPassword, newPassword, confirmPassword });
}

export interface Profile {
  name: string;
  email: string;
  avatar: string;
}

/**
 * POST /api/users/updateProfile; answers the stored fields and the success message. A new e-mail needs
 * the current password.
 */
export function updateProfile(profile: Profile & { currentPassword?: string }) {
  return api.post<Profile & { Message?: string }>('/users/updateProfile', profile);
}
