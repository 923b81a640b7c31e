import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/renderApp';
import type { ActionView } from './api';
import { ChangeReasonDialog } from './ChangeReasonDialog';
import { CommentAndResponsibleDialog } from './CommentAndResponsibleDialog';
import { dialogFor } from './useActionAnswers';

const status = (id: number, name: string) => ({ id, key: `s${id}`, name, color: '', final: false });
const action = (change: Partial<ActionView> = {}): ActionView => ({
  id: 5,
  key: 'take',
  name: 'Atender',
  from: [status(1, 'Novo')],
  to: status(2, 'Em atendimento'),
  asksReason: false,
  requiresReason: false,
  asksResponsible: false,
  ruleId: 0,
  ...change,
});

function withQueries(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe('dialogFor', () => {
  it('asks nothing, the reason, or the responsible (which takes the comment too)', () => {
    expect(dialogFor(action())).toBeNull();
    expect(dialogFor(action({ asksReason: true }))).toBe('reason');
    expect(dialogFor(action({ requiresReason: true }))).toBe('reason');
    expect(dialogFor(action({ asksResponsible: true, requiresReason: true }))).toBe('responsible');
  });
});

describe('ChangeReasonDialog', () => {
  it('keeps OK disabled while a required reason is empty and yields the reason', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<ChangeReasonDialog action={action({ asksReason: true, requiresReason: true })} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Motivo da mudança' });
    expect(within(dialog).getByText('Tramitação: Atender → Em atendimento')).toBeInTheDocument();
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    expect(ok).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), '  Cliente pediu  ');
    await user.click(ok);
    expect(onClose).toHaveBeenCalledWith({ reason: 'Cliente pediu', responsibleId: null });
  });

  it('lets an optional reason be empty, and Cancel yields nothing', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<ChangeReasonDialog action={action({ asksReason: true })} onClose={onClose} />);
    expect(screen.getByRole('button', { name: 'OK' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledWith(null);
  });
});

describe('CommentAndResponsibleDialog', () => {
  it('offers loadResponsibles’ candidates and yields the comment and the chosen responsible', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/genericItem/loadResponsibles')) {
        return jsonResponse([
          { id: 7, name: 'Bruno Técnico', login: 'bruno', email: 'bruno@example.test' },
          { id: 8, name: 'Carla Lima', login: 'carla', email: '' },
        ]);
      }
      return jsonResponse({ Message: 'unexpected' }, 500);
    });
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    const user = userEvent.setup();
    withQueries(
      <CommentAndResponsibleDialog
        componentId={4}
        ids={[101]}
        action={action({ asksResponsible: true })}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Comentário e responsável' });
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    expect(ok).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /Novo responsável/ }));
    await user.click(await screen.findByRole('option', { name: /Bruno Técnico/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Comentário' }), 'Urgente');
    await user.click(ok);
    expect(onClose).toHaveBeenCalledWith({ reason: 'Urgente', responsibleId: 7 });
    const body = JSON.parse(String(fetch.mock.calls[0]![1]!.body));
    expect(body).toMatchObject({ componentId: 4, ids: [101], action: 5, text: '' });
  });

  it('requires the comment when the action requires a reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([{ id: 7, name: 'Bruno Técnico', login: 'bruno', email: '' }])),
    );
    const user = userEvent.setup();
    withQueries(
      <CommentAndResponsibleDialog
        componentId={4}
        ids={[101]}
        action={action({ asksResponsible: true, requiresReason: true })}
        onClose={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: /Novo responsável/ }));
    await user.click(await screen.findByRole('option', { name: /Bruno Técnico/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'OK' })).toBeDisabled());
    await user.type(screen.getByRole('textbox', { name: /Comentário/ }), 'x');
    expect(screen.getByRole('button', { name: 'OK' })).toBeEnabled();
  });
});
