import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../../test/renderApp';
import { dateInput, typeDate } from '../../../test/dates';
import { makeSession } from '../../../test/session';
import type { AuditChain } from '../api';

vi.setConfig({ testTimeout: 30_000 });

const HEAD = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

function logFetch(chain: () => Response) {
  return mockFetch({}, (url) => {
    if (url.endsWith('/api/admin/auditLog/verify')) return chain();
    if (url.endsWith('/api/admin/auditLog/list')) return jsonResponse({ rows: [], total: 0 });
    if (url.endsWith('/api/user/getUsers')) return jsonResponse([]);
    return jsonResponse({ Message: `unexpected ${url}` }, 500);
  });
}

describe('the audit log’s integrity check', () => {
  it('calls the verify route on demand and shows an intact chain with its head hash, copyable', async () => {
    setSession(makeSession({ isAdministratorLogged: true }));
    const fetch = logFetch(() =>
      jsonResponse({ valid: true, entries: 1234, head: HEAD, firstBroken: null } satisfies AuditChain),
    );
    renderApp('/administration/log');
    const button = await screen.findByRole('button', { name: 'Verificar integridade' }, { timeout: 10_000 });
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/auditLog/verify'))).toBe(false);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(button);
    const result = await screen.findByRole('status');
    expect(within(result).getByText('Log íntegro')).toBeInTheDocument();
    expect(result).toHaveTextContent('As 1.234 entradas do log formam uma cadeia de hashes íntegra');
    expect(
      within(result).getByText('9f86d081 884c7d65 9a2feaa0 c55ad015 a3bf4f1b 2b0b822c d15d6c15 b0f00a08'),
    ).toBeInTheDocument();
    await user.click(within(result).getByRole('button', { name: 'Copiar hash' }));
    expect(writeText).toHaveBeenCalledWith(HEAD);
    expect(await screen.findByText('Hash copiado')).toBeInTheDocument();
  });

  it('shows the first broken entry clearly, with the server’s reason', async () => {
    setSession(makeSession({ isAdministratorLogged: true }));
    logFetch(() =>
      jsonResponse({
        valid: false,
        entries: 7,
        head: '',
        firstBroken: {
          id: 31,
          seq: 7,
          at: '2026-11-23T10:15:00Z',
          kind: 'admin.user.updated',
          reason: 'audit.chain.altered',
          message: 'O conteúdo ou o hash do registro foi alterado.',
        },
      } satisfies AuditChain),
    );
    renderApp('/administration/log');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Verificar integridade' }, { timeout: 10_000 }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('A cadeia do log de auditoria está rompida')).toBeInTheDocument();
    expect(alert).toHaveTextContent(
      /Primeira entrada com problema: nº 7 · Usuário alterado · \d\d\/11\/2026 \d\d:15 · id 31/,
    );
    expect(alert).toHaveTextContent('O conteúdo ou o hash do registro foi alterado.');
    expect(screen.queryByRole('button', { name: 'Copiar hash' })).not.toBeInTheDocument();
  });

  it('says a refused check with the server’s message and shows no result', async () => {
    setSession(makeSession({ isAdministratorLogged: true }));
    logFetch(() => jsonResponse({ Message: 'Acesso restrito a administradores.##DETAILEDERROR##request x' }, 403));
    renderApp('/administration/log');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Verificar integridade' }, { timeout: 10_000 }));
    expect(await screen.findByText('Acesso restrito a administradores.')).toBeInTheDocument();
    expect(screen.queryByText('Log íntegro')).not.toBeInTheDocument();
  });
});

describe('the audit log’s period filter', () => {
  it('takes days typed by keyboard and sends the whole days, the last one included', async () => {
    setSession(makeSession({ isAdministratorLogged: true }));
    const fetch = logFetch(() => jsonResponse({ valid: true, entries: 0, head: null, firstBroken: null }));
    renderApp('/administration/log');
    await screen.findByRole('button', { name: 'Verificar integridade' }, { timeout: 10_000 });
    const user = userEvent.setup();
    const lists = () =>
      fetch.mock.calls
        .filter(([url]) => String(url).endsWith('/auditLog/list'))
        .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as { from?: string; to?: string });
    const from = dateInput(screen, 'De');
    await typeDate(user, from, '2011');
    await user.tab();
    expect(await screen.findByText('Data inválida')).toBeInTheDocument();
    expect(lists().at(-1)?.from).toBeUndefined();
    await typeDate(user, from, '20112026');
    await typeDate(user, dateInput(screen, 'Até'), '23112026');
    expect(screen.queryByText('Data inválida')).not.toBeInTheDocument();
    await waitFor(() => {
      const last = lists().at(-1);
      expect(last?.from).toBe(new Date(2026, 10, 20).toISOString());
      expect(last?.to).toBe(new Date(2026, 10, 24).toISOString());
    });
  });
});
