import AltRouteIcon from '@mui/icons-material/AltRoute';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../components/dialogs/useDialogs';
import { ActionsMenu, type TriggerResult } from '../workflow';

interface FormActionsProps {
  componentId: number;
  itemId: number;
  /** The form holds changes not saved yet. */
  dirty: boolean;
  disabled: boolean;
  /** Saves the form (the answer to "save first?"). */
  save: () => void;
  /** After a transition: the form reloads the item (its new status and version). */
  onMoved: (result: TriggerResult) => void;
}

/**
 * The workflow actions of the item on its form (getActions with the one item, the workflow's
 * dialogs, triggerAction). A transition starts from the saved item, so with unsaved changes the
 * button asks to save first instead of opening the menu.
 */
export function FormActions({ componentId, itemId, dirty, disabled, save, onMoved }: FormActionsProps) {
  const { t } = useTranslation('forms');
  const { t: tw } = useTranslation('workflow');
  const { confirm } = useDialogs();
  if (dirty) {
    return (
      <Button
        startIcon={<AltRouteIcon />}
        disabled={disabled}
        aria-haspopup="dialog"
        onClick={() =>
          confirm(t('formActions.saveFirst'), t('formActions.saveFirstTitle')).then(
            () => save(),
            () => undefined,
          )
        }
      >
        {tw('actions.button')}
      </Button>
    );
  }
  return <ActionsMenu componentId={componentId} ids={[itemId]} disabled={disabled} onDone={onMoved} />;
}
