import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCancelled, useDialogs } from '../../../components/dialogs/useDialogs';

/** The generic confirm dialog (title 'confirm', Yes/No) as a yes/no answer. */
export function useConfirm(): (message: ReactNode) => Promise<boolean> {
  const { confirm } = useDialogs();
  const { t } = useTranslation();
  return async (message) => {
    try {
      await confirm(message, t('confirm.title'));
      return true;
    } catch (error) {
      if (error instanceof DialogCancelled) return false;
      throw error;
    }
  };
}
