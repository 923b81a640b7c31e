import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FormControl } from '../types';

const KNOWN = new Set(['image']);

/** A control the server cannot serve yet: said plainly, never imitated. */
export function NotAvailable({ control }: { control: FormControl }) {
  const { t } = useTranslation('forms');
  const what = KNOWN.has(control.kind) ? t(`kinds.${control.kind as 'image'}`) : control.kind;
  return (
    <Box
      role="note"
      aria-label={control.label || what}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1.5,
        px: 2,
        py: 1.5,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      <ConstructionOutlined fontSize="small" sx={{ color: 'text.secondary', mt: 0.25 }} />
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {control.label || what}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('notAvailable')}
        </Typography>
      </Box>
    </Box>
  );
}
