import { createFilterOptions } from '@mui/material/Autocomplete';
import type { UserRow } from '../api';

/** With thousands of users, a user picker lists the first 50 matches of what is typed (name, login or e-mail). */
export const firstUserMatches = createFilterOptions<UserRow>({
  limit: 50,
  stringify: (user) => `${user.name} ${user.login} ${user.email}`,
});
