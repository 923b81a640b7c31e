import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { UserRow } from '../api';
import { firstUserMatches } from './userOptions';

export interface UsersFieldProps {
  users: UserRow[];
  value: UserRow[];
  onChange: (value: UserRow[]) => void;
  label: string;
  placeholder: string;
}

/** Several users chosen by name or login, shown as chips (a group's members, a unit's). */
export function UsersField({ users, value, onChange, label, placeholder }: UsersFieldProps) {
  return (
    <Autocomplete
      multiple
      options={users}
      value={value}
      onChange={(_, chosen) => onChange(chosen)}
      getOptionLabel={(user) => `${user.name} (${user.login})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterSelectedOptions
      filterOptions={firstUserMatches}
      renderValue={(chosen, getItemProps) =>
        chosen.map((user, index) => <Chip {...getItemProps({ index })} key={user.id} size="small" label={user.name} />)
      }
      renderInput={(params) => <TextField {...params} label={label} placeholder={placeholder} />}
    />
  );
}
