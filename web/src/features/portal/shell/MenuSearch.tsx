import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuEntry } from '../api';
import { isExternalLink, linkWithQuery, searchMenu } from '../menu';

/** The menu search box (spec section 2): width 400, at most five suggestions, Enter goes to the entry. */
export function MenuSearch({ menu }: { menu: MenuEntry[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [text, setText] = useState('');
  const options = searchMenu(menu, text);
  const go = (entry: MenuEntry) => {
    setText('');
    if (isExternalLink(entry.link)) window.open(entry.link, '_blank', 'noopener');
    else void navigate(linkWithQuery(entry.link, search));
  };
  return (
    <Autocomplete<MenuEntry, false, false, false>
      options={options}
      filterOptions={(list) => list}
      getOptionLabel={(entry) => entry.name}
      getOptionKey={(entry) => entry.key}
      inputValue={text}
      onInputChange={(_, value, reason) => reason !== 'reset' && setText(value)}
      value={null}
      onChange={(_, entry) => entry && go(entry)}
      autoHighlight
      forcePopupIcon={false}
      openOnFocus={false}
      noOptionsText={t('shell.searchNone')}
      size="small"
      sx={{ width: 400, maxWidth: '100%' }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={t('shell.search')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('shell.search') },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              sx: { borderRadius: 2, bgcolor: 'action.hover', '& fieldset': { border: 'none' } },
            },
          }}
        />
      )}
    />
  );
}
