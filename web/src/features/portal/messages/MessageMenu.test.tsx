import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../../test/renderApp';
import { makeSession } from '../../../test/session';
import type { Message } from './api';

vi.setConfig({ testTimeout: 15_000 });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function setup(messages: Message[]) {
  setSession(makeSession());
  let list = messages;
  const fetchMock = mockFetch(
    {},
    (url, init) => {
      if (url.endsWith('/api/message/setReaded')) {
        const { id } = JSON.parse(String(init!.body)) as { id: number };
        list = list.map((m) => (m.id === id ? { ...m, readed: true } : m));
        return jsonResponse(list.find((m) => m.id === id));
      }
      if (url.endsWith('/api/message/setAllReaded')) {
        list = list.map((m) => ({ ...m, readed: true }));
        return new Response(null, { status: 204 });
      }
      if (url.endsWith('/api/message/deleteAllMessages')) {
        list = [];
        return new Response(null, { status: 204 });
      }
      return jsonResponse({ Message: 'unexpected call' }, 500);
    },
    { messages: () => jsonResponse(list) },
  );
  renderApp('/app');
  return fetchMock;
}

const called = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.some(([url]) => String(url).endsWith(path));

describe('message menu', () => {
  it('shows the unread count, the age, and marks a message read with OK', async () => {
    const fetchMock = setup([
      {
        id: 1,
        title: 'Item aprovado',
        messageText: 'O item 42 foi aprovado.',
        creationDate: minutesAgo(5),
        readed: false,
      },
      { id: 2, title: 'Bem-vindo', messageText: 'Olá!', creationDate: minutesAgo(60 * 24 * 3), readed: true },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Mensagens, 1 não lida' }));
    expect(await screen.findByText('há 5 minutos')).toBeInTheDocument();
    expect(screen.getByText('há 3 dias')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Item aprovado'));
    const dialog = await screen.findByRole('dialog', { name: 'Item aprovado' });
    expect(within(dialog).getByText('O item 42 foi aprovado.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apagar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(called(fetchMock, '/api/message/setReaded')).toBe(true));
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: /^Mensagens, 0 / })).toBeInTheDocument();
  });

  it('names each row by its title and unread state, with its delete button beside it, not inside it', async () => {
    setup([
      { id: 1, title: 'Item aprovado', messageText: '', creationDate: minutesAgo(5), readed: false },
      { id: 2, title: 'Bem-vindo', messageText: '', creationDate: minutesAgo(60), readed: true },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Mensagens, 1 não lida' }));
    const unread = await screen.findByRole('button', { name: /^Item aprovado, não lida\s*há 5 minutos$/ });
    const read = screen.getByRole('button', { name: /^Bem-vindo\s*há 1 hora$/ });
    for (const row of [unread, read]) expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Apagar' })).toHaveLength(2);
  });

  it('deletes all only after Yes, then reloads the list', async () => {
    const fetchMock = setup([{ id: 1, title: 'Aviso', messageText: '', creationDate: minutesAgo(1), readed: false }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Mensagens, 1 não lida' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Apagar todas' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Não' }));
    expect(called(fetchMock, '/api/message/deleteAllMessages')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Apagar todas' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Nenhuma mensagem')).toBeInTheDocument();
    expect(called(fetchMock, '/api/message/deleteAllMessages')).toBe(true);
  });
});
