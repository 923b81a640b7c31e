import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session';
import { jsonResponse, mockFetch, renderApp } from '../../../test/renderApp';
import { makeSession } from '../../../test/session';
import { demoInitialData } from '../testing/demoForm';
import type { FormInitialData } from '../types';

// The relation and file controls of a form: what they send and what they show of the answers.

const files = {
  files: [
    {
      id: 7,
      itemId: 501,
      componentId: 1,
      kind: 'attachment',
      name: 'ata.txt',
      contentType: 'text/plain',
      size: 1536,
      uploadedBy: 'Ana',
      uploadedAt: '2026-03-10T12:00:00Z',
      isImage: false,
    },
    {
      id: 8,
      itemId: 501,
      componentId: 1,
      kind: 'attachment',
      name: 'plano.pdf',
      contentType: 'application/pdf',
      size: 2_500_000,
      uploadedBy: 'Bia',
      uploadedAt: '2026-03-11T12:00:00Z',
      isImage: false,
    },
  ],
  content: null,
  maxCount: 3,
  maxSize: 26214400,
  canEdit: true,
};

const related = {
  id: 610,
  FormattedID: 72,
  Title: 'Homologar a rede',
  StatusName: 'Impedida',
  StatusColor: '#E53935',
  ResponsibleName: 'Ana',
  CreatorName: 'Ana',
  CreationDate: '2026-03-01T00:00:00Z',
  componentId: 1,
  componentName: 'Tarefa',
};

function formWith(children: FormInitialData['form']['controls'][], item = demoInitialData.item): FormInitialData {
  return { ...demoInitialData, item, form: { ...demoInitialData.form, controls: { kind: 'panel', children } } };
}

function serve(data: FormInitialData, answers: Record<string, (body: Record<string, unknown>) => Response>) {
  const calls: { path: string; body: Record<string, unknown> | FormData }[] = [];
  const fetch = mockFetch({}, (url, init) => {
    const path = new URL(url, 'http://localhost').pathname.replace('/api/genericItem/', '');
    const body =
      init?.body instanceof FormData
        ? init.body
        : init?.body
          ? (JSON.parse(String(init.body)) as Record<string, unknown>)
          : {};
    calls.push({ path, body });
    if (path === 'getFormInitialData') return jsonResponse(data);
    const answer = answers[path];
    return answer ? answer(body as Record<string, unknown>) : jsonResponse([]);
  });
  return { fetch, calls };
}

const opened = () => screen.findByRole('heading', { name: 'Migrar o relatório' }, { timeout: 15_000 });

beforeEach(() => setSession(makeSession()));
afterEach(() => vi.unstubAllGlobals());

describe('the file and relation controls', { timeout: 30_000 }, () => {
  it('lists attachments and refuses past the count limit before sending anything', async () => {
    const { calls } = serve(formWith([{ kind: 'attachments' }]), { loadAttachments: () => jsonResponse(files) });
    renderApp('/editItem/1/501/1');
    await opened();
    const section = await screen.findByRole('region', { name: 'Anexos' });
    expect(await within(section).findByText('ata.txt')).toBeInTheDocument();
    expect(within(section).getByText('1,5 KB')).toBeInTheDocument();
    expect(within(section).getByText('2,4 MB')).toBeInTheDocument();
    expect(
      within(section).getByText('2 de 3 arquivos · até 25 MB por arquivo · Arraste arquivos para cá para anexá-los.'),
    ).toBeInTheDocument();

    const two = [new File(['a'], 'a.txt', { type: 'text/plain' }), new File(['b'], 'b.txt', { type: 'text/plain' })];
    await userEvent.upload(screen.getByLabelText('Anexar arquivos'), two);
    expect(await within(section).findByRole('alert')).toHaveTextContent('Não pode adicionar mais que 3 arquivos.');
    expect(calls.some((call) => call.path === 'uploadFiles')).toBe(false);
  });

  it('sends the item and kind before the files and shows the server refusal with the file it names', async () => {
    const { calls } = serve(formWith([{ kind: 'attachments' }]), {
      loadAttachments: () => jsonResponse(files),
      uploadFiles: () =>
        jsonResponse(
          { Message: 'Arquivo Inválido', Validations: [{ Field: 'files', Message: 'Arquivo Inválido: nota.pdf' }] },
          400,
        ),
    });
    renderApp('/editItem/1/501/1');
    await opened();
    const section = await screen.findByRole('region', { name: 'Anexos' });
    await within(section).findByText('ata.txt');
    await userEvent.upload(
      screen.getByLabelText('Anexar arquivos'),
      new File(['x'], 'nota.pdf', { type: 'application/pdf' }),
    );
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('Arquivo Inválido');
    expect(alert).toHaveTextContent('Arquivo Inválido: nota.pdf');
    const sent = calls.find((call) => call.path === 'uploadFiles')?.body as FormData;
    expect([...sent.keys()]).toEqual(['itemId', 'component', 'kind', 'files']);
    expect(sent.get('itemId')).toBe('501');
    expect(sent.get('kind')).toBe('attachment');
  });

  it('signs a file with the password and the location, and shows the signature', async () => {
    let signed = false;
    const signature = {
      id: 31,
      fileId: 8,
      version: 1,
      sha256: 'ab'.repeat(32),
      signerId: 1,
      signerName: 'Ana',
      signerLogin: 'ana',
      signedAt: '2026-03-12T15:30:00Z',
      latitude: -23.56,
      longitude: -46.65,
      code: 'ABCD-EFGH-JKLM',
      protocolUrl: '',
      mine: true,
    };
    const info = (signatures: unknown[]) => ({
      files: [
        {
          fileId: 7,
          version: 1,
          isPdf: false,
          stamped: false,
          stampedAt: null,
          stampedBy: '',
          stampCode: '',
          signedByMe: false,
          signatures: [],
          versions: [],
        },
        {
          fileId: 8,
          version: 1,
          isPdf: true,
          stamped: false,
          stampedAt: null,
          stampedBy: '',
          stampCode: '',
          signedByMe: signatures.length > 0,
          signatures,
          versions: [],
        },
      ],
    });
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        geolocation: {
          getCurrentPosition: (ok: PositionCallback) =>
            ok({ coords: { latitude: -23.56, longitude: -46.65 } } as GeolocationPosition),
        },
      }),
    );
    const { calls } = serve(formWith([{ kind: 'attachments' }]), {
      loadAttachments: () => jsonResponse(files),
      loadFileSignatures: () => jsonResponse(info(signed ? [signature] : [])),
      signFileAttachment: (body) => {
        if (body.password !== 'certa') return jsonResponse({ Message: 'Senha incorreta: nada foi assinado.' }, 400);
        signed = true;
        return jsonResponse({
          Message: 'Não foi possível emitir o Protocolo de Assinatura pois o modelo de protocolo não foi configurado',
          protocolIssued: false,
          signature,
          file: info([signature]).files[1],
        });
      },
    });
    renderApp('/editItem/1/501/1');
    await opened();
    const section = await screen.findByRole('region', { name: 'Anexos' });
    await within(section).findByText('plano.pdf');
    // Stamping is offered for the PDF only.
    expect(await within(section).findByRole('button', { name: 'Carimbar plano.pdf' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Carimbar ata.txt' })).not.toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Assinar plano.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assinar plano.pdf' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Usar minha localização' }));
    expect(await within(dialog).findByText('Localização: -23.56000, -46.65000')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Sua senha/), 'errada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assinar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Senha incorreta: nada foi assinado.');

    await userEvent.clear(within(dialog).getByLabelText(/Sua senha/));
    await userEvent.type(within(dialog).getByLabelText(/Sua senha/), 'certa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assinar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.path === 'signFileAttachment').at(-1)?.body).toEqual({
      attachment: 8,
      password: 'certa',
      latitude: -23.56,
      longitude: -46.65,
    });
    expect(
      await screen.findByText(
        'Não foi possível emitir o Protocolo de Assinatura pois o modelo de protocolo não foi configurado',
      ),
    ).toBeInTheDocument();
    const list = await within(section).findByRole('list', { name: 'Assinaturas de plano.pdf' });
    expect(within(list).getByText(/^Assinado por Ana em/)).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Assinar plano.pdf' })).toBeDisabled());
  });

  it('stamps a PDF after confirming and shows the server refusal', async () => {
    const { calls } = serve(formWith([{ kind: 'attachments' }]), {
      loadAttachments: () => jsonResponse(files),
      loadFileSignatures: () =>
        jsonResponse({
          files: [
            {
              fileId: 8,
              version: 1,
              isPdf: true,
              stamped: false,
              stampedAt: null,
              stampedBy: '',
              stampCode: '',
              signedByMe: false,
              signatures: [],
              versions: [],
            },
          ],
        }),
      stampFileAttachment: () =>
        jsonResponse(
          { Message: 'Assine o documento antes de carimbá-lo: o carimbo mostra as assinaturas desta versão.' },
          400,
        ),
    });
    renderApp('/editItem/1/501/1');
    await opened();
    const section = await screen.findByRole('region', { name: 'Anexos' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Carimbar plano.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Carimbar o documento?' });
    expect(confirm).toHaveTextContent('criando a versão 2');
    await userEvent.click(within(confirm).getByRole('button', { name: /OK|Confirmar|Sim/ }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Assine o documento antes de carimbá-lo');
    expect(calls.find((call) => call.path === 'stampFileAttachment')?.body).toEqual({ attachment: 8 });
  });

  it('offers signing and stamping in English, with the signatures listed', async () => {
    window.localStorage.setItem('language', 'en');
    try {
      const signature = {
        id: 31,
        fileId: 8,
        version: 1,
        sha256: 'ab'.repeat(32),
        signerId: 1,
        signerName: 'Ana',
        signerLogin: 'ana',
        signedAt: '2026-03-12T15:30:00Z',
        latitude: null,
        longitude: null,
        code: 'ABCD-EFGH-JKLM',
        protocolUrl: '/api/genericItem/downloadSignatureProtocol?signatureId=31',
        mine: false,
      };
      serve(formWith([{ kind: 'attachments' }]), {
        loadAttachments: () => jsonResponse(files),
        loadFileSignatures: () =>
          jsonResponse({
            files: [
              {
                fileId: 8,
                version: 2,
                isPdf: true,
                stamped: true,
                stampedAt: '2026-03-12T16:00:00Z',
                stampedBy: 'Ana',
                stampCode: 'QRST-UVWX-YZ23',
                signedByMe: false,
                signatures: [signature],
                versions: [
                  {
                    version: 1,
                    size: 10,
                    sha256: 'ab'.repeat(32),
                    createdAt: '2026-03-11T12:00:00Z',
                    url: '/api/genericItem/downloadFileVersion?fileId=8&version=1',
                  },
                ],
              },
            ],
          }),
      });
      renderApp('/editItem/1/501/1');
      await opened();
      const section = await screen.findByRole('region', { name: 'Attachments' });
      const list = await within(section).findByRole('list', { name: 'Signatures of plano.pdf' });
      expect(within(list).getByText('Stamped · v2')).toBeInTheDocument();
      expect(within(list).getByRole('button', { name: /^v1 · Signed by Ana on/ })).toBeInTheDocument();
      expect(within(list).getByRole('button', { name: 'Download version 1 (before the stamp)' })).toBeInTheDocument();
      // Stamped already: no second stamp; version 2 may be signed.
      expect(within(section).queryByRole('button', { name: 'Stamp plano.pdf' })).not.toBeInTheDocument();
      await userEvent.click(within(section).getByRole('button', { name: 'Sign plano.pdf' }));
      const dialog = await screen.findByRole('dialog', { name: 'Sign plano.pdf' });
      expect(dialog).toHaveTextContent('Confirm your password to sign version 2 of this file.');
      expect(within(dialog).getByRole('checkbox', { name: 'Use my location' })).not.toBeChecked();
    } finally {
      window.localStorage.removeItem('language');
    }
  });

  it('says that a new item takes files and links once saved', async () => {
    serve(
      formWith([{ kind: 'attachments' }, { kind: 'file chooser' }, { kind: 'item links' }], {
        ...demoInitialData.item,
        id: 0,
      }),
      {},
    );
    renderApp('/editItem/1/501/1');
    await opened();
    expect(
      screen.getByText('Os arquivos podem ser anexados depois que o item for salvo pela primeira vez.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('O arquivo do item pode ser escolhido depois que ele for salvo pela primeira vez.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Salve o item para vinculá-lo a outros itens.')).toBeInTheDocument();
  });

  it('links an item found by the search and unlinks one (refreshManyToManyItems)', async () => {
    let linked = [related];
    const { calls } = serve(formWith([{ kind: 'many-to-many', componentId: 1, label: 'Tarefas relacionadas' }]), {
      loadManyToManyFormData: () => jsonResponse({ rows: linked, total: linked.length, canEdit: true }),
      loadManyToManyComboData: () =>
        jsonResponse([
          { id: 611, FormattedID: 80, Title: 'Revisar o contrato', componentId: 1, componentName: 'Tarefa' },
        ]),
      refreshManyToManyItems: (body) => {
        if (body.add) linked = [...linked, { ...related, id: 611, FormattedID: 80, Title: 'Revisar o contrato' }];
        if (body.remove) linked = linked.filter((row) => !(body.remove as number[]).includes(row.id));
        return jsonResponse({ rows: linked, total: linked.length, canEdit: true });
      },
    });
    renderApp('/editItem/1/501/1');
    await opened();
    const section = await screen.findByRole('region', { name: 'Tarefas relacionadas' });
    expect(await within(section).findByRole('link', { name: 'Homologar a rede' })).toBeInTheDocument();
    expect(within(section).getByText('Impedida')).toBeInTheDocument();

    await userEvent.type(within(section).getByRole('combobox', { name: 'Buscar um item para vincular' }), '80');
    const searched = () =>
      calls.find((call) => call.path === 'loadManyToManyComboData' && (call.body as { text?: string }).text === '80');
    await waitFor(() => expect(searched()?.body).toMatchObject({ itemId: 501, componentId: 1, relatedComponentId: 1 }));
    await userEvent.click(await screen.findByRole('option', { name: /#80 Revisar o contrato/ }));
    await userEvent.click(within(section).getByRole('button', { name: 'Vincular' }));
    expect(await within(section).findByRole('link', { name: 'Revisar o contrato' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === 'refreshManyToManyItems')?.body).toEqual({
      itemId: 501,
      componentId: 1,
      relatedComponentId: 1,
      add: [611],
    });

    await userEvent.click(within(section).getByRole('button', { name: 'Desvincular #72 Homologar a rede' }));
    await waitFor(() =>
      expect(within(section).queryByRole('link', { name: 'Homologar a rede' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((call) => call.path === 'refreshManyToManyItems').at(-1)?.body).toEqual({
      itemId: 501,
      componentId: 1,
      relatedComponentId: 1,
      remove: [610],
    });
  });

  it('offers no change to a caller the server says may not edit', async () => {
    serve(formWith([{ kind: 'attachments' }, { kind: 'item links' }]), {
      loadAttachments: () => jsonResponse({ ...files, canEdit: false }),
      loadItemLinksFormData: () => jsonResponse({ rows: [related], total: 1, canEdit: false }),
    });
    renderApp('/editItem/1/501/1');
    await opened();
    const links = await screen.findByRole('region', { name: 'Itens vinculados' });
    expect(await within(links).findByRole('link', { name: 'Homologar a rede' })).toBeInTheDocument();
    expect(within(links).getByText('Tarefa')).toBeInTheDocument();
    expect(within(links).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(links).queryByRole('button', { name: /Desvincular/ })).not.toBeInTheDocument();
    const attachments = screen.getByRole('region', { name: 'Anexos' });
    expect(await within(attachments).findByRole('button', { name: 'Baixar ata.txt' })).toBeInTheDocument();
    expect(within(attachments).queryByRole('button', { name: 'Anexar arquivos' })).not.toBeInTheDocument();
    expect(within(attachments).queryByRole('button', { name: 'Excluir ata.txt' })).not.toBeInTheDocument();
    expect(within(attachments).queryByRole('button', { name: /^Assinar / })).not.toBeInTheDocument();
    expect(within(attachments).queryByRole('button', { name: /^Carimbar / })).not.toBeInTheDocument();
    expect(within(attachments).getByText(/Você pode baixar os arquivos, mas não alterá-los\./)).toBeInTheDocument();
  });
});
