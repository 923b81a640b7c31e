import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import { DialogsProvider } from './DialogsProvider';
import { DialogCancelled, useDialogs, type Dialogs } from './useDialogs';

function withDialogs(): { current: Dialogs } {
  const ref = {} as { current: Dialogs };
  function Grab() {
    ref.current = useDialogs();
    return null;
  }
  render(
    <DialogsProvider>
      <Grab />
    </DialogsProvider>,
  );
  return ref;
}

describe('generic dialogs', () => {
  it('confirm resolves on Yes, rejects on No, ignores Escape', async () => {
    const dialogs = withDialogs();
    const yes = dialogs.current.confirm('Apagar?');
    await userEvent.click(await screen.findByRole('button', { name: 'Sim' }));
    await expect(yes).resolves.toBeUndefined();

    const no = dialogs.current.confirm('Apagar?').catch((error: unknown) => error);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Não' }));
    expect(await no).toBeInstanceOf(DialogCancelled);
  });

  it('prompt keeps OK disabled while a required value is empty, and Cancel rejects', async () => {
    const dialogs = withDialogs();
    const answer = dialogs.current.prompt({ title: 'Motivo', label: 'Motivo', required: true });
    const ok = await screen.findByRole('button', { name: 'OK' });
    expect(ok).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /Motivo/ }), 'Atraso');
    await userEvent.click(ok);
    await expect(answer).resolves.toBe('Atraso');

    const cancelled = dialogs.current.prompt({ title: 'Motivo' }).catch((error: unknown) => error);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(await cancelled).toBeInstanceOf(DialogCancelled);
  });

  it('alert resolves on OK', async () => {
    const dialogs = withDialogs();
    const done = dialogs.current.alert('Pronto');
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await expect(done).resolves.toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
