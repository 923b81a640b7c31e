import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../components/useDebounced';
import { findItemsQuery, type ItemChoice } from './api';

/** "Adicionar item": finds an item the caller may record hours on by its title or number. */
export function AddItemDialog({
  open,
  present,
  onAdd,
  onClose,
}: {
  open: boolean;
  /** The items already in the week. */
  present: Set<number>;
  onAdd: (item: ItemChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('timesheets');
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 250);
  const found = useQuery(findItemsQuery(query));
  const options = query === '' ? [] : (found.data ?? []);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('addItem')}</DialogTitle>
      <DialogContent>
        <Autocomplete<ItemChoice>
          sx={{ mt: 1 }}
          openOnFocus
          autoHighlight
          options={options}
          filterOptions={(all) => all}
          loading={found.isFetching}
          loadingText={t('searching')}
          noOptionsText={query === '' ? t('searchHint') : t('searchNone')}
          getOptionLabel={(o) => `#${o.FormattedID} ${o.Title}`}
          getOptionDisabled={(o) => present.has(o.itemId)}
          isOptionEqualToValue={(a, b) => a.itemId === b.itemId}
          onInputChange={(_, value) => setText(value)}
          onChange={(_, value) => {
            if (value && !present.has(value.itemId)) onAdd(value);
          }}
          renderOption={({ key, ...props }, o) => (
            <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
              <Typography variant="body2">
                <Box component="span" sx={{ color: 'text.secondary', mr: 1, fontVariantNumeric: 'tabular-nums' }}>
                  #{o.FormattedID}
                </Box>
                {o.Title}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {present.has(o.itemId)
                  ? t('alreadyThere')
                  : [o.componentName, o.projectName].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          )}
          renderInput={(params) => <TextField {...params} autoFocus label={t('search')} helperText={t('searchHint')} />}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
