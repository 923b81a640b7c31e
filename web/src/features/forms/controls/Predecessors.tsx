import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../api/client';
import { formKeys, type LinkChoice } from '../api';
import { useFormRuntime } from '../context';
import type { FormControl } from '../types';
import { useFormBase } from '../useFormBase';
import {
  DEPENDENCY_TYPES,
  changePredecessors,
  predecessorChoicesQuery,
  predecessorKeys,
  predecessorsQuery,
  type DependencyType,
  type PredecessorCall,
  type PredecessorChange,
  type PredecessorRow,
} from './PredecessorsApi';
import { ItemSearchPicker } from './ItemSearchPicker';
import { RelationSection } from './RelationSection';
import { RowAction } from './RowAction';
import { StatusChip } from './StatusChip';

/** A lag typed by the user: an integer within ±max, or null. */
function parseLag(text: string, max: number): number | null {
  const trimmed = text.trim().replace('−', '-');
  if (trimmed === '' || trimmed === '-') return trimmed === '' ? 0 : null;
  if (!/^[+-]?\d+$/.test(trimmed)) return null;
  const lag = Number(trimmed);
  return Math.abs(lag) <= max ? lag : null;
}

function TypeSelect({
  value,
  onChange,
  disabled,
  label,
  hiddenLabel,
}: {
  value: DependencyType;
  onChange: (type: DependencyType) => void;
  disabled?: boolean;
  label: string;
  hiddenLabel?: boolean;
}) {
  const { t } = useTranslation('forms');
  return (
    <TextField
      select
      size="small"
      label={hiddenLabel ? undefined : label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as DependencyType)}
      sx={{ width: 230, flexShrink: 0 }}
      slotProps={{ htmlInput: { 'aria-label': label } }}
    >
      {DEPENDENCY_TYPES.map((type) => (
        <MenuItem key={type} value={type}>
          {t(`predecessors.types.${type}`)} ({t(`predecessors.short.${type}`)})
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The lag in days: committed when the user leaves the field or presses Enter; out of bounds says so. */
function LagField({
  value,
  max,
  onCommit,
  disabled,
  label,
  hiddenLabel,
}: {
  value: number;
  max: number;
  onCommit: (lag: number) => void;
  disabled?: boolean;
  label: string;
  hiddenLabel?: boolean;
}) {
  const { t } = useTranslation('forms');
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  // A new value from the server (another change, a reload) replaces what was typed.
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const lag = parseLag(text, max);
  const commit = () => {
    if (lag !== null && lag !== value) onCommit(lag);
  };
  return (
    <TextField
      size="small"
      label={hiddenLabel ? undefined : label}
      value={text}
      disabled={disabled}
      error={lag === null}
      helperText={lag === null ? t('predecessors.lagInvalid', { max }) : undefined}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
      sx={{ width: 130 }}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': label } }}
    />
  );
}

/** The add row: an item found by title or number, the dependency type and the lag. */
function AddRow({
  itemId,
  componentId,
  predecessorComponentId,
  max,
  busy,
  onAdd,
}: {
  itemId: number;
  componentId: number;
  predecessorComponentId: number;
  max: number;
  busy: boolean;
  onAdd: (choice: LinkChoice, type: DependencyType, lag: number) => void;
}) {
  const { t } = useTranslation('forms');
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<LinkChoice | null>(null);
  const [type, setType] = useState<DependencyType>('FS');
  const [lagText, setLagText] = useState('0');
  const lag = parseLag(lagText, max);
  const add = () => {
    if (!chosen || lag === null) return;
    onAdd(chosen, type, lag);
    setChosen(null);
    setText('');
    setType('FS');
    setLagText('0');
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1.5 }}>
      <ItemSearchPicker
        sx={{ flex: '1 1 280px', maxWidth: 480 }}
        label={t('predecessors.search')}
        choices={(search, enabled) =>
          predecessorChoicesQuery(itemId, componentId, predecessorComponentId, search, enabled)
        }
        value={chosen}
        onChange={setChosen}
        inputValue={text}
        onInputChange={setText}
      />
      <TypeSelect value={type} onChange={setType} label={t('predecessors.type')} />
      <TextField
        size="small"
        label={t('predecessors.lag')}
        value={lagText}
        error={lag === null}
        helperText={lag === null ? t('predecessors.lagInvalid', { max }) : undefined}
        onChange={(event) => setLagText(event.target.value)}
        sx={{ width: 130 }}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} /> : <AddOutlined />}
        disabled={!chosen || lag === null || busy}
        onClick={add}
        sx={{ height: 40 }}
      >
        {t('predecessors.add')}
      </Button>
    </Box>
  );
}

/**
 * Predecessors: the items this one depends on, as in a project schedule — each with its dependency
 * type (finish-to-start by default) and a lag in days. Whoever may edit the item adds, changes and
 * removes them; the server refuses the item itself, a duplicate and a cycle with a Message shown here.
 */
export function Predecessors({ control }: { control: FormControl }) {
  const { t } = useTranslation('forms');
  const { item, componentId, readOnly } = useFormRuntime();
  const base = useFormBase();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const itemId = Number(item.id ?? 0);
  const label = control.label || t('kinds.predecessors');
  const predecessorComponentId = control.componentId ?? 0;
  const query = useQuery(predecessorsQuery(itemId, componentId));
  const canEdit = Boolean(query.data?.canEdit) && !readOnly;
  const maxLag = query.data?.maxLag ?? 3650;

  const change = useMutation({
    mutationFn: ({ call, ...request }: { call: PredecessorCall } & Omit<PredecessorChange, 'itemId' | 'componentId'>) =>
      changePredecessors(call, { itemId, componentId, predecessorComponentId, ...request }),
    onMutate: () => setRefusal(null),
    onSuccess: (list, request) => {
      queryClient.setQueryData(predecessorKeys.list(itemId), list);
      const done = {
        addPredecessor: 'predecessors.added',
        updatePredecessor: 'predecessors.updated',
        removePredecessor: 'predecessors.removed',
      } as const;
      enqueueSnackbar(t(done[request.call]), { variant: 'success' });
    },
    onError: (error) => setRefusal(isApiError(error) ? error.message : String(error)),
    // Each change is a version of the item: its history shows it.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: predecessorKeys.list(itemId) });
      void queryClient.invalidateQueries({ queryKey: formKeys.history(itemId) });
    },
  });
  const editPath = (row: PredecessorRow) => `${base}/editItem/${row.componentId}/${row.id}/0`;
  const typeText = (type: DependencyType) => `${t(`predecessors.types.${type}`)} (${t(`predecessors.short.${type}`)})`;
  const lagText = (lag: number) =>
    lag === 0 ? t('predecessors.noLag') : t('predecessors.days', { count: lag, lag: lag > 0 ? `+${lag}` : `−${-lag}` });

  return (
    <RelationSection
      label={label}
      saveFirst={t('predecessors.saveFirst')}
      itemId={itemId}
      loadingLabel={t('predecessors.loading')}
      query={query}
    >
      {(data) => (
        <>
          {canEdit && (
            <AddRow
              itemId={itemId}
              componentId={componentId}
              predecessorComponentId={predecessorComponentId}
              max={maxLag}
              busy={change.isPending}
              onAdd={(choice, type, lag) =>
                change.mutate({ call: 'addPredecessor', predecessorId: choice.id, type, lag })
              }
            />
          )}
          {refusal && (
            <Alert severity="error" onClose={() => setRefusal(null)} sx={{ mb: 1.5 }}>
              {refusal}
            </Alert>
          )}
          {data.rows.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('predecessors.empty')}
            </Typography>
          ) : (
            <Paper variant="outlined">
              <TableContainer>
                <Table size="small" aria-label={label}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: 90 }}>{t('related.number')}</TableCell>
                      <TableCell>{t('related.title')}</TableCell>
                      <TableCell sx={{ width: 140 }}>{t('related.status')}</TableCell>
                      <TableCell sx={{ width: 240 }}>{t('predecessors.type')}</TableCell>
                      <TableCell sx={{ width: 150 }}>{t('predecessors.lag')}</TableCell>
                      {canEdit && <TableCell sx={{ width: 56 }} />}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.rows.map((row, index) => {
                      const editable = canEdit && !row.hidden;
                      const update = (next: { type?: DependencyType; lag?: number }) =>
                        change.mutate({
                          call: 'updatePredecessor',
                          predecessorId: row.id,
                          type: next.type ?? row.type,
                          lag: next.lag ?? row.lag,
                        });
                      const name = `#${row.FormattedID} ${row.Title}`;
                      return (
                        <TableRow key={row.hidden ? `hidden-${index}` : row.id} hover>
                          {row.hidden ? (
                            <TableCell colSpan={3}>
                              <Tooltip title={t('predecessors.hiddenHint')}>
                                <Box
                                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}
                                >
                                  <VisibilityOffOutlined fontSize="small" />
                                  <Typography variant="body2">{t('predecessors.hidden')}</Typography>
                                </Box>
                              </Tooltip>
                            </TableCell>
                          ) : (
                            <>
                              <TableCell>{row.FormattedID}</TableCell>
                              <TableCell>
                                <Link component={RouterLink} to={editPath(row)} underline="hover">
                                  {row.Title}
                                </Link>
                                {predecessorComponentId !== 0 && (
                                  <Typography variant="caption" color="text.secondary" component="div">
                                    {row.componentName}
                                  </Typography>
                                )}
                              </TableCell>
                              <TableCell>
                                <StatusChip row={row} />
                              </TableCell>
                            </>
                          )}
                          <TableCell>
                            {editable ? (
                              <TypeSelect
                                value={row.type}
                                disabled={change.isPending}
                                onChange={(type) => update({ type })}
                                label={t('predecessors.typeOf', { name })}
                                hiddenLabel
                              />
                            ) : (
                              typeText(row.type)
                            )}
                          </TableCell>
                          <TableCell>
                            {editable ? (
                              <LagField
                                value={row.lag}
                                max={maxLag}
                                disabled={change.isPending}
                                onCommit={(lag) => update({ lag })}
                                label={t('predecessors.lagOf', { name })}
                                hiddenLabel
                              />
                            ) : (
                              lagText(row.lag)
                            )}
                          </TableCell>
                          {canEdit && (
                            <TableCell align="right">
                              {editable && (
                                <RowAction
                                  label={t('predecessors.remove', { name })}
                                  icon={<DeleteOutlineOutlined fontSize="small" />}
                                  disabled={change.isPending}
                                  onClick={() => change.mutate({ call: 'removePredecessor', predecessorId: row.id })}
                                />
                              )}
                            </TableCell>
                          )}
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            </Paper>
          )}
        </>
      )}
    </RelationSection>
  );
}
