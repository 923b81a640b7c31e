import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

const MAX_DESCRIPTION = 500;

/**
 * The note of a cell (the entry's description): an icon that opens a small popover. The icon is out
 * of the Tab order so Tab goes from cell to cell; Shift+Enter in the cell opens it too.
 */
export function CellNote({
  note,
  title,
  readOnly,
  anchor,
  open,
  onOpen,
  onClose,
  onChange,
}: {
  note: string;
  title: string;
  readOnly: boolean;
  anchor: HTMLElement | null;
  open: boolean;
  onOpen: (anchor: HTMLElement) => void;
  onClose: () => void;
  onChange: (note: string) => void;
}) {
  const { t } = useTranslation('timesheets');
  const has = note.trim() !== '';
  if (readOnly && !has) return null;
  return (
    <>
      {/* A native title, not a Tooltip: a week has hundreds of cells. */}
      <IconButton
        size="small"
        tabIndex={-1}
        title={has ? note : t('noteAdd')}
        aria-label={has ? t('noteEdit') : t('noteAdd')}
        onClick={(event) => onOpen(event.currentTarget)}
        sx={{ p: 0.25, color: has ? 'primary.main' : 'action.disabled' }}
      >
        <StickyNote2Outlined sx={{ fontSize: 16 }} />
      </IconButton>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 1.5, width: 320 } } }}
      >
        <Stack spacing={1}>
          <TextField
            autoFocus
            multiline
            minRows={2}
            maxRows={6}
            size="small"
            label={title}
            value={note}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                onClose();
              }
            }}
            slotProps={{ htmlInput: { maxLength: MAX_DESCRIPTION, readOnly } }}
            helperText={`${t('noteHelp')} ${note.length}/${MAX_DESCRIPTION}`}
          />
          <Button size="small" onClick={onClose} sx={{ alignSelf: 'flex-end' }}>
            {t('noteDone')}
          </Button>
        </Stack>
      </Popover>
    </>
  );
}
