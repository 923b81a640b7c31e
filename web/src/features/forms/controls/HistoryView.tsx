import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attributeChangesQuery, historyQuery, type HistoryEntry } from '../api';
import { useFormRuntime } from '../context';
import { formatDateTime } from '../display';
import { SectionTitle } from './SectionTitle';

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return (first.charAt(0) + last.charAt(0)).toUpperCase();
}

/** The fields one version changed, before and after, as a person reads them (getAttributeChanges). */
function VersionChanges({ entry, previous }: { entry: HistoryEntry; previous: HistoryEntry | undefined }) {
  const { t } = useTranslation('forms');
  const { componentId } = useFormRuntime();
  const [all, setAll] = useState(false);
  const query = useQuery(attributeChangesQuery(entry.id, previous?.id ?? 0, componentId));
  if (query.isPending) return <LinearProgress aria-label={t('history.loading')} />;
  if (query.isError) return <Alert severity="error">{query.error.message}</Alert>;
  const rows = all ? query.data : query.data.filter((change) => change.changed);
  return (
    <Box>
      <FormControlLabel
        control={<Switch size="small" checked={all} onChange={(event) => setAll(event.target.checked)} />}
        label={<Typography variant="body2">{t('history.showAll')}</Typography>}
        sx={{ mb: 1 }}
      />
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('history.noChanges')}
        </Typography>
      ) : (
        <Table size="small" aria-label={t('history.changesOf', { version: entry.version })}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '28%' }}>{t('history.field')}</TableCell>
              <TableCell sx={{ width: '36%' }}>{t('history.before')}</TableCell>
              <TableCell sx={{ width: '36%' }}>{t('history.after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((change) => (
              <TableRow key={change.field} sx={change.changed ? undefined : { opacity: 0.6 }}>
                <TableCell sx={{ fontWeight: 500 }}>{change.label}</TableCell>
                <TableCell
                  sx={{
                    color: 'text.secondary',
                    textDecoration: change.changed && change.previous ? 'line-through' : undefined,
                    wordBreak: 'break-word',
                  }}
                >
                  {change.previous || <em>{t('history.empty')}</em>}
                </TableCell>
                <TableCell sx={{ fontWeight: change.changed ? 500 : undefined, wordBreak: 'break-word' }}>
                  {change.current || <em>{t('history.empty')}</em>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** History control: the item's versions, newest first; each opens its readable diff. */
export function HistoryView() {
  const { t } = useTranslation('forms');
  const { item } = useFormRuntime();
  const itemId = Number(item.id ?? 0);
  const query = useQuery({ ...historyQuery(itemId), enabled: itemId > 0 });
  const [open, setOpen] = useState<number | null>(null);

  return (
    <Box component="section" aria-label={t('history.title')}>
      <SectionTitle>{t('history.title')}</SectionTitle>
      {itemId === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('history.notSavedYet')}
        </Typography>
      ) : query.isPending ? (
        <LinearProgress aria-label={t('history.loading')} />
      ) : query.isError ? (
        <Alert severity="error">{query.error.message}</Alert>
      ) : (
        query.data.map((entry, index) => {
          const expanded = open === null ? index === 0 : open === entry.id;
          return (
            <Accordion
              key={entry.id}
              disableGutters
              variant="outlined"
              expanded={expanded}
              onChange={(_event, isOpen) => setOpen(isOpen ? entry.id : -1)}
              slotProps={{ transition: { unmountOnExit: true } }}
              sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
            >
              <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', width: '100%' }}>
                  <Avatar sx={{ width: 28, height: 28, fontSize: 12, bgcolor: 'primary.main' }}>
                    {initials(entry.modifierName)}
                  </Avatar>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t('history.version', { version: entry.version })}
                  </Typography>
                  <Chip size="small" label={entry.operationName} variant="outlined" />
                  <Typography variant="body2" color="text.secondary">
                    {t('history.by', { name: entry.modifierName, date: formatDateTime(entry.modifiedAt) })}
                  </Typography>
                  {!entry.summary && (
                    <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto', mr: 1 }}>
                      {t('history.changedCount', { count: entry.changedFields.length })}
                    </Typography>
                  )}
                </Box>
              </AccordionSummary>
              <AccordionDetails>
                {entry.summary ? (
                  <Typography variant="body2">{entry.summary}</Typography>
                ) : (
                  <VersionChanges
                    entry={entry}
                    previous={query.data.slice(index + 1).find((older) => !older.summary)}
                  />
                )}
              </AccordionDetails>
            </Accordion>
          );
        })
      )}
    </Box>
  );
}
