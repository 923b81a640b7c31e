import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { getActions, triggerAction, type ActionView, type TriggerResult } from './api';
import { useActionAnswers } from './useActionAnswers';
import './i18n';

export interface ActionsMenuProps {
  componentId: number;
  /** The selected items. */
  ids: number[];
  /** After a transition ran (the items moved). */
  onDone?: (result: TriggerResult) => void;
  disabled?: boolean;
}

const actionsKey = (componentId: number, ids: number[]) => ['workflow', 'actions', componentId, ids] as const;

/**
 * The actions of a selection (lists and forms). The selection's actions are asked as soon as it
 * changes, so "Tramitar" is offered only where something can happen: with no selection, or none
 * common to the selected items (a finished item, a mixed selection), it is disabled and says why.
 * Choosing an action asks what it needs and runs triggerAction.
 */
export function ActionsMenu({ componentId, ids, onDone, disabled }: ActionsMenuProps) {
  const { t } = useTranslation('workflow');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const { ask, dialog } = useActionAnswers();
  const reasonId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const actions = useQuery({
    queryKey: actionsKey(componentId, ids),
    // 422 is the server's "no common action": an empty list, not a failure.
    queryFn: ({ signal }) =>
      getActions(componentId, ids, signal).catch((error: unknown) => {
        if (isApiError(error) && error.status === 422) return [] as ActionView[];
        throw error;
      }),
    enabled: ids.length > 0 && !disabled,
    retry: false,
  });

  const fail = (error: unknown) =>
    enqueueSnackbar(isApiError(error) || error instanceof Error ? error.message : String(error), { variant: 'error' });

  const run = async (action: ActionView) => {
    setAnchor(null);
    const answers = await ask(componentId, ids, action);
    if (!answers) return;
    setBusy(true);
    try {
      const result = await triggerAction(componentId, ids, action.id, answers);
      const moved = result.items.filter((item) => item.changed).length || ids.length;
      enqueueSnackbar(t('actions.moved', { count: moved, status: action.to.name }), { variant: 'success' });
      onDone?.(result);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
      // The items are in other statuses now (or a rule refused): their actions are asked again.
      void queryClient.invalidateQueries({ queryKey: ['workflow', 'actions', componentId] });
    }
  };

  const reason =
    ids.length === 0
      ? t('actions.selectAtLeastOne')
      : actions.data?.length === 0
        ? t('actions.nothingToDo', { count: ids.length })
        : '';
  const off = disabled || busy || reason !== '';

  return (
    <>
      <Tooltip title={disabled ? '' : reason} describeChild>
        {/* A disabled button gets no pointer events: the span carries the tooltip. */}
        <Box component="span" sx={{ display: 'inline-flex' }}>
          <Button
            startIcon={<AltRouteIcon />}
            disabled={off}
            onClick={(e) => setAnchor(e.currentTarget)}
            aria-haspopup="menu"
            aria-describedby={reason && !disabled ? reasonId : undefined}
          >
            {t('actions.button')}
          </Button>
          {reason && !disabled && (
            <Box component="span" id={reasonId} sx={{ display: 'none' }}>
              {reason}
            </Box>
          )}
        </Box>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} aria-label={t('actions.menu')}>
        {actions.isPending && <MenuItem disabled>{t('actions.loading')}</MenuItem>}
        {actions.isError && (
          <MenuItem disabled>
            {isApiError(actions.error) || actions.error instanceof Error
              ? actions.error.message
              : t('actions.loadFailed')}
          </MenuItem>
        )}
        {actions.data?.map((a) => (
          <MenuItem key={a.id} onClick={() => void run(a)}>
            <ListItemText primary={a.name} secondary={t('actions.to', { status: a.to.name })} />
          </MenuItem>
        ))}
      </Menu>
      {dialog}
    </>
  );
}
