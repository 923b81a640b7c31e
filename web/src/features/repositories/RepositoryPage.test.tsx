import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session';
import { renderApp } from '../../test/renderApp';
import { makeSession } from '../../test/session';
import { APP_PATH, fakeRepositoryServer } from './fakeServer.testing';

vi.setConfig({ testTimeout: 60_000 });

const REPOSITORY = `${APP_PATH}/repository/4/-/-/Obra%20Norte`;

const folderTree = () => screen.findByRole('navigation', { name: 'Pastas' }, { timeout: 20_000 });

describe('the repositories list', () => {
  it('lists the repositories of the caller’s projects, each linking to its repository', async () => {
    setSession(makeSession());
    fakeRepositoryServer();
    renderApp(`${APP_PATH}/repositories/Reposit%C3%B3rios`);
    const table = await screen.findByRole('table', { name: 'Repositórios de documentos' }, { timeout: 20_000 });
    const link = await within(table).findByRole('link', { name: 'Obra Norte' });
    expect(link).toHaveAttribute('href', REPOSITORY);
    expect(within(link.closest('tr')!).getByText('Leitura e escrita')).toBeInTheDocument();
    expect(within(table).getByText('Somente leitura')).toBeInTheDocument();
    expect(screen.getByText('2 repositórios')).toBeInTheDocument();
  });
});

describe('a project’s repository', () => {
  it('shows the folder tree and the chosen folder’s files, and creates a folder inside it', async () => {
    setSession(makeSession());
    const user = userEvent.setup();
    const server = fakeRepositoryServer();
    renderApp(REPOSITORY);
    const tree = await folderTree();
    expect(await screen.findByRole('heading', { name: 'Obra Norte', level: 1 })).toBeInTheDocument();
    expect(within(tree).getByRole('button', { name: 'Raiz do repositório' })).toHaveAttribute('aria-current', 'true');
    await user.click(await within(tree).findByRole('button', { name: 'Contratos' }));
    const grid = await screen.findByRole('grid', { name: 'Arquivos de Contratos' });
    expect(await within(grid).findByText('contrato.pdf')).toBeInTheDocument();
    expect(within(grid).getByText('v2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nova pasta' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Aditivos');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(server.bodies('/repositories/createFolder')).toEqual([{ projectId: 4, parentId: 10, name: 'Aditivos' }]),
    );
    expect(await screen.findByText('Pasta Aditivos criada.')).toBeInTheDocument();
    expect(await within(tree).findByRole('button', { name: 'Aditivos' })).toHaveAttribute('aria-current', 'true');
  });

  it('uploads many files at once into the chosen folder, with progress, and lists them', async () => {
    setSession(makeSession());
    const user = userEvent.setup();
    const server = fakeRepositoryServer();
    renderApp(REPOSITORY);
    const tree = await folderTree();
    await user.click(await within(tree).findByRole('button', { name: '2026' }));
    await screen.findByRole('grid', { name: 'Arquivos de Contratos / 2026' });
    const files = ['a.pdf', 'b.pdf', 'c.pdf'].map((name) => new File(['%PDF-1.7'], name, { type: 'application/pdf' }));
    await user.upload(screen.getByTestId('upload-files'), files);
    expect(await screen.findByRole('progressbar', { name: 'Enviando 3 arquivos… 50%' })).toBeInTheDocument();
    expect(await screen.findByText('Arquivos enviados: 3.')).toBeInTheDocument();
    const sent = server.uploads[0]!;
    expect([sent.get('projectId'), sent.get('folder')]).toEqual(['4', '11']);
    expect((sent.getAll('files') as File[]).map((f) => f.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    const grid = screen.getByRole('grid', { name: 'Arquivos de Contratos / 2026' });
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) expect(await within(grid).findByText(name)).toBeInTheDocument();
  });

  it('shows a file’s versions with who and when, checks in a new one and restores an old one', async () => {
    setSession(makeSession());
    const user = userEvent.setup();
    const server = fakeRepositoryServer();
    renderApp(REPOSITORY);
    await user.click(await within(await folderTree()).findByRole('button', { name: 'Contratos' }));
    const grid = await screen.findByRole('grid', { name: 'Arquivos de Contratos' });
    await within(grid).findByText('contrato.pdf');
    await user.click(within(grid).getByRole('button', { name: 'Versões de contrato.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versões de contrato.pdf' });
    const versions = within(dialog).getByRole('table', { name: 'Versões' });
    expect(await within(versions).findByText('Cláusula 3')).toBeInTheDocument();
    expect(within(versions).getByText('Caio')).toBeInTheDocument();

    await user.upload(within(dialog).getByTestId('check-in-file'), new File(['%PDF'], 'rev3.pdf'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Comentário da nova versão' }), 'Assinado');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar versão' }));
    expect(await screen.findByText('Versão 3 registrada.')).toBeInTheDocument();
    expect(server.bodies('/repositories/checkIn')[0]).toMatchObject({ fileId: '100', comment: 'Assinado' });
    expect(await within(versions).findByText('Assinado')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Restaurar a versão 1' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Versão 1 restaurada como versão 4.')).toBeInTheDocument();
    expect(server.bodies('/repositories/restoreVersion')).toEqual([{ fileId: 100, version: 1, comment: '' }]);
    expect(await within(versions).findByText('restaura a v1')).toBeInTheDocument();
  });

  it('shows the server’s message when a file is locked by someone else', async () => {
    setSession(makeSession());
    const user = userEvent.setup();
    fakeRepositoryServer({ failLock: 'O arquivo "contrato.pdf" está bloqueado por Caio desde 2026-03-04 10:00 UTC.' });
    renderApp(REPOSITORY);
    await user.click(await within(await folderTree()).findByRole('button', { name: 'Contratos' }));
    const grid = await screen.findByRole('grid', { name: 'Arquivos de Contratos' });
    await within(grid).findByText('contrato.pdf');
    await user.click(within(grid).getByRole('button', { name: 'Bloquear contrato.pdf para edição' }));
    expect(
      await screen.findByText('O arquivo "contrato.pdf" está bloqueado por Caio desde 2026-03-04 10:00 UTC.'),
    ).toBeInTheDocument();
  });

  it('offers a reader neither uploads nor folder changes', async () => {
    setSession(makeSession());
    fakeRepositoryServer({ canWrite: false });
    renderApp(REPOSITORY);
    await folderTree();
    expect(await screen.findByText('Você só pode ler este repositório.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar arquivos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova pasta' })).not.toBeInTheDocument();
  });
});
