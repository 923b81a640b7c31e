import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AltRouteIcon from '@mui/icons-material/AltRoute';
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

/**
 * The actions of a selection (lists and forms): the button loads getActions for the selected
 * items, the menu offers them, and choosing one asks what it needs and runs triggerAction.
 */
export function ActionsMenu({ componentId, ids, onDone, disabled }: ActionsMenuProps) {
  const { t } = useTranslation('workflow');
  const { enqueueSnackbar } = useSnackbar();
  const { ask, dialog } = useActionAnswers();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [actions, setActions] = useState<ActionView[] | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (error: unknown) =>
    enqueueSnackbar(isApiError(error) || error instanceof Error ? error.message : String(error), { variant: 'error' });

  const open = async (target: HTMLElement) => {
    if (ids.length === 0) {
      enqueueSnackbar(t('actions.selectAtLeastOne'), { variant: 'warning' });
      return;
    }
    setAnchor(target);
    setActions(null);
    try {
      setActions(await getActions(componentId, ids));
    } catch (error) {
      setAnchor(null);
      fail(error);
    }
  };

  const run = async (action: ActionView) => {
    setAnchor(null);
    const answers = await ask(componentId, ids, action);
    if (!answers) return;
    setBusy(true);
    try {
      const result = await triggerAction(componentId, ids, action.id, answers);
      enqueueSnackbar(result.Message, { variant: 'success' });
      onDone?.(result);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        startIcon={<AltRouteIcon />}
        disabled={disabled || busy}
        onClick={(e) => void open(e.currentTarget)}
        aria-haspopup="menu"
      >
        {t('actions.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} aria-label={t('actions.menu')}>
        {actions === null && <MenuItem disabled>{t('actions.loading')}</MenuItem>}
        {actions?.map((a) => (
          <MenuItem key={a.id} onClick={() => void run(a)}>
            <ListItemText primary={a.name} secondary={t('actions.to', { status: a.to.name })} />
          </MenuItem>
        ))}
      </Menu>
      {dialog}
    </>
  );
}
