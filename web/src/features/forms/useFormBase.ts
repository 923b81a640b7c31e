import { useParams } from 'react-router';

/** The base of item form addresses: inside the application (/runtime/{appID}) when the form is. */
export function useFormBase(): string {
  const { appID } = useParams();
  return appID ? `/runtime/${encodeURIComponent(appID)}` : '';
}
