import Avatar from '@mui/material/Avatar';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { initials } from '../../../lib/format';

/**
 * A user's picture in the list. The list gives an address under /api that needs the bearer header
 * (an <img src> cannot send it), so the picture is fetched as a blob; the address changes when the
 * user does, so a fetched picture is kept for the session. Initials while loading or without one.
 */
export function UserAvatar({ name, src, size = 32 }: { name: string; src: string; size?: number }) {
  const path = src.replace(/^\/api(?=\/)/, '');
  const picture = useQuery({
    queryKey: ['admin', 'avatar', path],
    // The address changes whenever the user does, so one object URL per address serves the session.
    queryFn: async ({ signal }) => URL.createObjectURL(await api.get<Blob>(path, { signal, responseType: 'blob' })),
    enabled: path !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const url = picture.data;
  return (
    <Avatar
      src={url}
      alt=""
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main', fontWeight: 600 }}
    >
      {initials(name)}
    </Avatar>
  );
}
