import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import '../i18n';
import { ImportExcelButton } from '../import/ImportExcelButton';
import type { ItemPage, ListDefinition } from './types';

/** The list's total: exact, "at least" a count, or an estimate shown as "≈" and read out in words. */
function Total({ page, t }: { page: ItemPage; t: TFunction<'items'> }) {
  if (page.totalKind === 'atLeast') return <>{t('list.itemsAtLeast', { count: page.total })}</>;
  if (page.totalIsEstimate) {
    const words = t('list.itemsEstimate', { count: page.total });
    return (
      <span title={words} aria-label={words} data-testid="list-total-estimate">
        {t('list.itemsEstimateShort', { count: page.total })}
      </span>
    );
  }
  return <>{t('list.items', { count: page.total })}</>;
}

export interface ListHeaderProps {
  definition: ListDefinition;
  title: string;
  /** The page shown, once loaded: the summary counts its items. */
  page: ItemPage | undefined;
  queryId: number;
  onQuery: (id: number) => void;
  onView: (id: number) => void;
  projectId: number;
  /** Where "New item" goes. */
  newItemLink: string;
}

/** The list's title and summary, its query and view, the Excel import and "New item". */
export function ListHeader({
  definition,
  title,
  page,
  queryId,
  onQuery,
  onView,
  projectId,
  newItemLink,
}: ListHeaderProps) {
  const { t } = useTranslation('items');
  const listViews = definition.views.filter((v) => v.kind === 'list' || v.kind === '');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2 }}>
      <Box sx={{ minWidth: 0, flex: '0 1 auto' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, fontSize: 22, letterSpacing: -0.2 }}>
          {title}
        </Typography>
        {/* A live region: a screen reader says the new count when a query or a filter changes it. */}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="list-summary" role="status">
          {definition.componentName}
          {page && ' · '}
          {page && <Total page={page} t={t} />}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: { xs: 'flex-start', sm: 'flex-end' },
          gap: 1.5,
          alignItems: 'center',
          flex: '1 1 auto',
          minWidth: 0,
        }}
      >
        {definition.queries.length > 0 && (
          <TextField
            select
            size="small"
            label={t('list.query')}
            value={queryId || ''}
            onChange={(e) => onQuery(Number(e.target.value))}
            fullWidth={false}
            sx={{ width: { xs: 'calc(50% - 6px)', sm: 190 } }}
          >
            {definition.queries.map((q) => (
              <MenuItem key={q.id} value={q.id}>
                {q.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {listViews.length > 1 && (
          <TextField
            select
            size="small"
            label={t('list.view')}
            value={definition.viewId || ''}
            onChange={(e) => onView(Number(e.target.value))}
            fullWidth={false}
            sx={{ width: { xs: 'calc(50% - 6px)', sm: 160 } }}
          >
            {listViews.map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {v.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <ImportExcelButton componentID={definition.componentID} projectId={projectId} />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ whiteSpace: 'nowrap' }}
          component={RouterLink}
          to={newItemLink}
        >
          {t('list.newItem')}
        </Button>
      </Box>
    </Box>
  );
}
